import type { AuthUserResponse } from './auth';
import type { FileListResponse } from './files';

/**
 * The one seam of a page's first load drawn on the server (docs/architecture.md, "The first page
 * load"): the client build's render module, client/src/app/server-render.tsx, built for Node by
 * scripts/build/server-render.ts to FIRST_SCREEN_MODULE under the client build's folder, and loaded
 * by server/plugins/page-server-render.ts. server/ and client/ share no source, so both name the
 * module's shape here: the client entry `satisfies` it and the server loads it as it, so a change
 * to one side without the other fails the type check.
 */

/** What /files' first screen is drawn from: the page's first reads (first-reads.ts names them). */
export interface FilesPageReads {
  /** The query string of the page's URL, with its `?` or empty. */
  search: string;
  /** GET /api/auth/session's answer. */
  me: AuthUserResponse;
  /** GET of the opening list's first page. */
  firstPage: FileListResponse;
}

/** The render module's default export. */
export interface FirstScreenRender {
  /** The markup of /files for `reads`, for the inside of the page's `#root`. */
  renderFilesPage(reads: FilesPageReads): string;
}

/** The render module's folder under the client build (never served) and its file there. */
export const FIRST_SCREEN_DIR = 'ssr';
export const FIRST_SCREEN_FILE = 'server-render.js';
