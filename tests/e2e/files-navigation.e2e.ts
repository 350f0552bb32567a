import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUserOnFiles } from './pages/files-page';
import { launchBrowser, screenshot } from './support/browser';

/**
 * Issue 18 item 8 and issue 15's tabs: the file manager's place (library and folder) lives in the
 * URL, so Back, forward and reload return to it.
 */
describe('the file manager keeps its place in the URL', () => {
  let browser: Browser;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('opens folders and the Team tab with Back, forward and reload returning to each', async () => {
    const { context, page, files } = await newUserOnFiles(browser, baseURL);
    const crumbs = files.breadcrumb();
    const tab = (name: 'My files' | 'Team') => page.getByRole('tab', { name });

    await expect(tab('My files').getAttribute('aria-selected')).resolves.toBe('true');
    await files.createFolder('Reports');
    await files.openFolder('Reports');
    await files.createFolder('2026');
    await files.openFolder('2026');
    const reportsUrl = new URL(page.url());
    expect(reportsUrl.pathname).toBe('/files');
    const deepest = reportsUrl.searchParams.get('folder');
    expect(deepest).toMatch(/^[0-9a-f-]{36}$/);

    // Reload: still inside 2026, under Reports.
    await page.reload();
    await crumbs.getByText('2026', { exact: true }).waitFor();
    await crumbs.getByRole('button', { name: 'Reports' }).waitFor();
    await page.getByText('No files yet').waitFor();

    // Back: Reports, then Home; forward: Reports again.
    await page.goBack();
    await files.folder('2026').waitFor();
    await expect(crumbs.getByText('Reports', { exact: true }).count()).resolves.toBe(1);
    await page.goBack();
    await files.folder('Reports').waitFor();
    expect(page.url()).toBe(`${baseURL}/files`);
    await page.goForward();
    await files.folder('2026').waitFor();

    // The Team tab is a place too: its own Home, its own folders, and Back leaves it.
    await tab('Team').click();
    await page.getByText('No team files yet').waitFor();
    expect(new URL(page.url()).search).toBe('?scope=team');
    await files.createFolder('Shared contracts');
    await files.openFolder('Shared contracts');
    await screenshot(page, 'files-team-folder-desktop');
    await page.reload();
    await crumbs.getByText('Shared contracts', { exact: true }).waitFor();
    await expect(tab('Team').getAttribute('aria-selected')).resolves.toBe('true');
    await page.goBack();
    await files.folder('Shared contracts').waitFor();
    await expect(files.folder('Reports').count()).resolves.toBe(0);
    await page.goBack();
    await files.folder('2026').waitFor();
    await expect(tab('My files').getAttribute('aria-selected')).resolves.toBe('true');
    await context.close();
  });

  it('asks for no list of the folder it opens: the page is sent with it (and a closed Move dialog asks for nothing)', async () => {
    const { context, page, files } = await newUserOnFiles(browser, baseURL);
    await files.createFolder('Invoices');
    await files.openFolder('Invoices');
    const folderId = new URL(page.url()).searchParams.get('folder');

    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && (url.pathname === '/api/files' || url.pathname === '/api/auth/session')) reads.push(`${url.pathname}${url.search}`);
    });
    await page.reload();
    await page.getByText('No files yet').waitFor();
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
    // The page's own chunks are named in its HTML as sent (scripts/build/page-preloads.ts), not
    // added by a script of their own once it has arrived; its first reads' answers follow its
    // root (server/plugins/page-first-reads.ts), and are data, not scripts that run.
    const sent = await (await page.request.get(page.url())).text();
    const preloaded = Array.from(sent.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g), (m) => m[1]!.replace(/-[\w-]{8}\.js$/, ''));
    expect(preloaded.filter((path) => path === '/assets/files' || path === '/assets/file-browser').sort()).toEqual(['/assets/file-browser', '/assets/files']);
    expect(sent.match(/<script\b[^>]*>/g)).toEqual([
      '<script src="/theme-init.js">',
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-[\w-]{8}\.js">$/),
      '<script type="application/json" data-first-read="/api/auth/session" data-status="200">',
      `<script type="application/json" data-first-read="/api/files?folderId=${folderId}" data-status="200">`,
    ]);
    await context.close();
  });

  // app/first-data.ts: who is signed in and the first page of files are in the query cache before
  // the first render, so the page is drawn once, with its list, instead of a spinner first.
  it('draws a reloaded /files with its folders in its first render, never a loading spinner', async () => {
    const { context, page, files } = await newUserOnFiles(browser, baseURL);
    await files.createFolder('Reports');
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const now = [
          document.querySelector('[role="status"][aria-label="Loading"]') ? 'spinner' : '',
          document.querySelector('[data-testid="folder-item"]') ? 'folder' : '',
        ].filter(Boolean).join('+');
        if (now && seen.at(-1) !== now) seen.push(now);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await files.folder('Reports').waitFor();
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['folder']);
    await context.close();
  });

  // app/server-render.tsx: /files comes with its first screen drawn in its HTML, which the page's
  // scripts replace with the same page, handlers and all.
  it('comes drawn from the server: its tiles without scripts, then the page takes over and works', async () => {
    const { context, page, files } = await newUserOnFiles(browser, baseURL);
    await page.evaluate(async () => {
      for (const name of ['Reports', '<img src=x onerror=alert(1)>']) {
        const created = await fetch('/api/folders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
        if (created.status !== 201) throw new Error(`folder ${name}: ${created.status}`);
      }
    });
    const drawn = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    await drawn.addCookies(await context.cookies());
    const still = await drawn.newPage();
    await still.goto('/files');
    await expect(still.getByRole('heading', { name: 'File Manager' }).count()).resolves.toBe(1);
    await expect(still.locator('[data-server-rendered] [data-testid="folder-item"] [title]').allTextContents()).resolves.toEqual(['<img src=x onerror=alert(1)>', 'Reports']);
    await expect(still.locator('[data-server-rendered] img').count()).resolves.toBe(0);
    await expect(still.locator('[data-server-rendered]').getAttribute('inert')).resolves.toBe('');
    await drawn.close();

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-server-rendered]').count()).resolves.toBe(0);
    await files.openFolder('Reports');
    await page.getByText('No files yet').waitFor();
    await context.close();
  });

  // hooks/use-virtual-items.ts: the grid's scroll box is guessed before it is measured, so the
  // first render draws every row in view. Guessing 0 × 0, it drew an empty list, and measuring
  // the box added the rows in a second render before the first paint.
  it('draws every row in view of a long folder in its first render', async () => {
    const { context, page } = await newUserOnFiles(browser, baseURL);
    await page.evaluate(async () => {
      for (let i = 1; i <= 40; i++) {
        const created = await fetch('/api/folders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Folder ${i}` }) });
        if (created.status !== 201) throw new Error(`folder ${i}: ${created.status}`);
      }
    });
    await page.addInitScript(() => {
      const state = { rowsAtFirst: -1, rowsAddedLater: 0 };
      (window as unknown as { grid: typeof state }).grid = state;
      new MutationObserver((records) => {
        // The page's own list, not the server's drawing of it (app/server-render.tsx), which it replaces.
        const list = Array.from(document.querySelectorAll('[role="list"][aria-label="Files and folders"]')).find((l) => !l.closest('[data-server-rendered]'));
        if (!list) return;
        // Rows appended to a list already in the page: a render after the one that drew it.
        const appended = records.filter((r) => r.target === list && r.addedNodes.length > 0).length;
        if (state.rowsAtFirst === -1) state.rowsAtFirst = list.children.length - appended;
        state.rowsAddedLater += appended;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByTestId('folder-item').first().waitFor();
    await page.waitForLoadState('networkidle');
    // 1440 × 900: the box is 70vh (630 px) of 204 px rows, so rows 1-4 are in view, and 2 more are drawn below them.
    expect(await page.evaluate(() => (window as unknown as { grid: unknown }).grid)).toEqual({ rowsAtFirst: 6, rowsAddedLater: 0 });
    await context.close();
  });
});
