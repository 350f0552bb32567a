import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { AuthUserResponse } from '@contract/auth';
import type { FileListResponse } from '@contract/files';
import { openingListOf } from '@contract/file-places';
import { fileListPagesQueryOptions } from '@/features/files/api/get-files';
import { meQueryOptions } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import FilesPage from './routes/files';

/**
 * The file manager's first screen as HTML, drawn on the server from the page's first reads (issue
 * 19: with 10,000 files its first rows were painted 350-700 ms after navigation, behind the
 * download, compile and first render of the page's scripts; as HTML they are painted as soon as
 * the page and its stylesheet are in). Vite builds this file for Node (scripts/build/
 * server-render.ts); server/plugins/page-server-render.ts loads the build, and page-first-reads.ts
 * writes its result into the page's `#root`.
 *
 * The HTML is a picture of the page, not a page to hydrate: main.tsx's createRoot clears `#root` at
 * its first render and draws the same page with its handlers. So nothing here has to match the
 * client's first render element for element (the grid draws its first tiles as one CSS grid
 * rather than virtual rows: file-grid.tsx), and `inert` keeps a click or a focus from landing on
 * it meanwhile. Every text is escaped by React, as in the browser.
 */

export interface FilesPageReads {
  /** The query string of the page's URL, with its `?` or empty. */
  search: string;
  me: AuthUserResponse;
  /** GET of the opening list's first page (contract/first-reads.ts names it). */
  firstPage: FileListResponse;
}

/** The markup of /files for `reads`, for the inside of `#root`. */
export function renderFilesPage({ search, me, firstPage }: FilesPageReads): string {
  // One client per page: the cache holds one user's answers and is dropped with the render.
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, me);
  queryClient.setQueryData(fileListPagesQueryOptions(openingListOf(search)).queryKey, { pages: [firstPage], pageParams: [''] });
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath="/files" ssrSearch={search.replace(/^\?/, '')}>
        <FilesPage />
      </Router>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return `<div data-server-rendered inert>${html}</div>`;
}
