import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AuthUserResponse } from '@contract/auth';
import type { FileListResponse } from '@contract/files';
import { firstReadsOf } from '@contract/first-reads';
import { FIRST_SCREEN_DIR, FIRST_SCREEN_FILE, type FilesPageReads, type FirstScreenRender } from '@contract/first-screen';

/**
 * A signed-in page's first screen as HTML, drawn from its first reads by the client build's own
 * server-side render (client/src/app/server-render.tsx, built to `<client>/ssr/server-render.js`
 * by scripts/build/server-render.ts). The server loads the build as it reads the build's HTML:
 * server/ and client/ share no source, only the module's shape (contract/first-screen.ts, checked
 * by the compiler on both sides). Only /files is drawn (issue 19: its first rows waited 350-700 ms
 * for the page's scripts); every other page, a build without the render, and a render that fails,
 * get the page as before, drawn by its scripts. docs/architecture.md, "The first page load".
 */

/** The reads' answers by URL, as their JSON text. */
export type FirstReadAnswers = ReadonlyMap<string, string>;

/** Draws a page's first screen from its reads: '' when it is not drawn on the server. */
export type FirstScreen = (path: string, search: string, answers: FirstReadAnswers) => string;

/** Each client build's render module, loaded once: null for a build without one, the error for one that would not load or draw. */
const loading = new Map<string, Promise<FirstScreenRender | Error | null>>();

const notDrawn: FirstScreen = () => '';

/**
 * A folder and a screenful of files, drawn once as the module loads, so a person's first page
 * finds React's renderer and the page's code compiled for as many tiles as it draws.
 */
const warmUpFile = (index: number) => ({
  id: `warm-up-file-${index}`,
  originalName: `report-${index}.pdf`,
  storedName: `report-${index}.pdf`,
  mimeType: 'application/pdf',
  category: 'document' as const,
  size: 1024 + index,
  folderId: null,
  objectPath: 'warm-up',
  uploadedAt: '2026-01-01T00:00:00.000Z',
  scope: 'private' as const,
  canModify: true,
  indexStatus: 'indexed' as const,
  indexError: null,
});
const WARM_UP_READS = {
  search: '',
  me: { user: { id: 'warm-up', email: 'warm-up@example.invalid', username: 'warm-up', createdAt: '2026-01-01T00:00:00.000Z', emailVerified: true, language: null } },
  firstPage: {
    folders: [{ id: 'warm-up-folder', name: 'Folder', parentId: null, createdAt: '2026-01-01T00:00:00.000Z', scope: 'private', canModify: true }],
    files: Array.from({ length: 40 }, (_, index) => warmUpFile(index)),
    nextCursor: 'warm-up',
  },
} satisfies FilesPageReads;

/**
 * Loads the render module of the client build in `clientDir`, once per folder, and draws one page
 * with it. main.ts starts this while the database opens, so the module (about 40 ms to load) and
 * its first render are paid before the first page. Never rejects.
 */
export function preloadServerRender(clientDir: string): Promise<FirstScreenRender | Error | null> {
  // Where scripts/build/server-render.ts writes it.
  const file = join(resolve(clientDir), FIRST_SCREEN_DIR, FIRST_SCREEN_FILE);
  let loaded = loading.get(file);
  if (!loaded) {
    loaded = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          // The module's default export is the seam (the client entry `satisfies` the same type).
          ({ default: render }: { default: FirstScreenRender }) => {
            render.renderFilesPage(WARM_UP_READS);
            return render;
          },
        ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
      : Promise.resolve(null);
    loading.set(file, loaded);
  }
  return loaded;
}

/** The first-screen drawer of the client build in `clientDir`; `onError` hears of a module that would not load and of a render that failed. */
export async function loadFirstScreen(clientDir: string, onError: (error: unknown) => void): Promise<FirstScreen> {
  const module = await preloadServerRender(clientDir);
  if (module instanceof Error) onError(module);
  return module && !(module instanceof Error) ? firstScreenOf(module, onError) : notDrawn;
}

function firstScreenOf(module: FirstScreenRender, onError: (error: unknown) => void): FirstScreen {
  return (path, search, answers) => {
    if (path !== '/files') return '';
    const [meUrl, listUrl] = firstReadsOf(path, search);
    const me = answers.get(meUrl!);
    const list = answers.get(listUrl!);
    // A read the API refused is not in the page; the page's scripts ask for it and show its answer.
    if (me === undefined || list === undefined) return '';
    try {
      return module.renderFilesPage({ search, me: JSON.parse(me) as AuthUserResponse, firstPage: JSON.parse(list) as FileListResponse });
    } catch (error) {
      onError(error);
      return '';
    }
  };
}
