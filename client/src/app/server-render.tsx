import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { openingListOf } from '@contract/file-places';
import type { FilesPageReads, FirstScreenRender } from '@contract/first-screen';
import { fileListPagesQueryOptions } from '@/features/files/api/get-files';
import { meQueryOptions } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { SERVER_SCREEN, ScreenProvider } from '@/lib/screen';
import FilesPage from './routes/files';

/**
 * The file manager's first screen as HTML, drawn on the server from the page's first reads (issue
 * 19: with 10,000 files its first rows were painted 350-700 ms after navigation, behind the
 * download, compile and first render of the page's scripts; as HTML they are painted as soon as
 * the page and its stylesheet are in). Vite builds this file for Node (scripts/build/
 * server-render.ts); server/plugins/page-server-render.ts loads the build, and page-first-reads.ts
 * writes its result into the page's `#root`. Its default export is the seam both sides name in
 * contract/first-screen.ts; the page's components learn that they are drawn on the server from
 * SERVER_SCREEN (lib/screen.ts), never from `typeof window`.
 *
 * The HTML is a picture of the page, not a page to hydrate: main.tsx's createRoot clears `#root` at
 * its first render and draws the same page with its handlers. So nothing here has to match the
 * client's first render element for element (the grid draws its first tiles as one CSS grid
 * rather than virtual rows: file-grid.tsx), and `inert` keeps a click or a focus from landing on
 * it meanwhile. Every text is escaped by React, as in the browser.
 */

/** The markup of /files for `reads`, for the inside of `#root`. */
export function renderFilesPage({ search, me, firstPage }: FilesPageReads): string {
  // One client per page: the cache holds one user's answers and is dropped with the render.
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, me);
  queryClient.setQueryData(fileListPagesQueryOptions(openingListOf(search)).queryKey, { pages: [firstPage], pageParams: [''] });
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <ScreenProvider value={SERVER_SCREEN}>
        <Router ssrPath="/files" ssrSearch={search.replace(/^\?/, '')}>
          <FilesPage />
        </Router>
      </ScreenProvider>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return `<div data-server-rendered inert>${html}</div>`;
}

/** What the server loads (contract/first-screen.ts): checked here, where it is made. */
export default { renderFilesPage } satisfies FirstScreenRender;
