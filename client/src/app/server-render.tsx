import { QueryClientProvider } from '@tanstack/react-query';
import type { ResourceLanguage } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { openingListOf } from '@contract/file-places';
import { DEFAULT_LANGUAGE } from '@contract/languages';
import type { FilesPageReads, FirstScreenRender } from '@contract/first-screen';
import { fileListPagesQueryOptions } from '@/features/files/api/get-files';
import { meQueryOptions } from '@/lib/current-user';
import { i18n } from '@/lib/i18n/i18n';
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

/**
 * Every other language's texts, at once: this module is built for Node only (scripts/build/
 * server-render.ts), so the browser still loads a language as its own chunk. English is in already
 * (the shell's namespaces, and `files` through the components' featureTexts).
 */
const OTHER_LANGUAGES = import.meta.glob<ResourceLanguage[string]>(['../locales/*/*.json', '!../locales/en/*.json'], { eager: true, import: 'default' });
for (const [path, texts] of Object.entries(OTHER_LANGUAGES)) {
  const [language = '', file = ''] = path.split('/').slice(-2);
  i18n.addResourceBundle(language, file.slice(0, -'.json'.length), texts, true, true);
}

/** The markup of /files for `reads`, for the inside of `#root`. */
export function renderFilesPage({ search, me, firstPage }: FilesPageReads): string {
  // One client per page: the cache holds one user's answers and is dropped with the render.
  const queryClient = createQueryClient();
  // In the account's language (issue 44), so the picture matches the page the browser then draws for
  // it; an account that chose none is drawn in English (its browser's language is the browser's to apply).
  // A clone per page: the shared instance's language is never switched under another render.
  const texts = i18n.cloneInstance({ lng: me.user.language ?? DEFAULT_LANGUAGE, initAsync: false });
  queryClient.setQueryData(meQueryOptions().queryKey, me);
  queryClient.setQueryData(fileListPagesQueryOptions(openingListOf(search)).queryKey, { pages: [firstPage], pageParams: [''] });
  const html = renderToString(
    <I18nextProvider i18n={texts}>
      <QueryClientProvider client={queryClient}>
        <ScreenProvider value={SERVER_SCREEN}>
          <Router ssrPath="/files" ssrSearch={search.replace(/^\?/, '')}>
            <FilesPage />
          </Router>
        </ScreenProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  queryClient.clear();
  return `<div data-server-rendered inert>${html}</div>`;
}

/** What the server loads (contract/first-screen.ts): checked here, where it is made. */
export default { renderFilesPage } satisfies FirstScreenRender;
