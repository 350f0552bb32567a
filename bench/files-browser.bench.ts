/**
 * The file manager with 10,000 files in one folder (issue 19, item 5), in Chromium against the
 * compiled Genie: how soon the first rows are drawn (the first visit after each of three starts of
 * Genie, then five more after the last, each in a new browser context: one visit moved by ±100 ms
 * between runs), and when the page's scripts had drawn their own over the server's drawing; the
 * longest frame while scrolling to the very end (every page loaded on the way), the DOM nodes and JS heap left at the
 * end, and the requests a new folder costs. The frame baseline is the same page's idle frame loop
 * before scrolling; the other targets are absolute budgets. Beside the first rows: a just-launched
 * Chromium's first visit to a bare page with one row, what the browser's own first start costs.
 * The files are seeded already indexed (lib/file-library.ts says why).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { spawnGenie, stopGenie, tempDir } from '../tests/reliability/support/genie-process';
import { showSpread, spreadOf } from './lib/alternate';
import { browserCookies } from './lib/browser-cookies';
import { FIRST_ROW_PROBE } from './lib/first-row-probe';
import { seedFileLibrary } from './lib/file-library';
import { buildClient, ensureCompiledServer } from './lib/processes';
import { report, round } from './lib/report';

/** BENCH_FILES overrides the count, to check the bench itself quickly. */
const FILES = Number(process.env.BENCH_FILES ?? 10_000);
/** Starts of Genie whose first visit is timed (the median is the figure's). */
const STARTS = 3;

/** In the page: the longest gap between animation frames, from start() until stop(); and when the first row was drawn. */
const FRAME_PROBE = `
  window.__frames = { longest: 0, count: 0, running: false };
  window.__startFrames = () => {
    const f = window.__frames; f.longest = 0; f.count = 0; f.running = true;
    let last = performance.now();
    const tick = (now) => { if (!f.running) return; f.longest = Math.max(f.longest, now - last); f.count++; last = now; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  };
  window.__stopFrames = () => { window.__frames.running = false; return window.__frames; };
${FIRST_ROW_PROBE}`;

const work = tempDir('genie-bench-filebrowser-');
const dataDir = join(work.dir, 'data');
const clientDir = join(work.dir, 'client');
const env = { DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'error' };
buildClient(clientDir);
await ensureCompiledServer();

try {
  const cookie = await seedFileLibrary(env, FILES, 'benchbrowser');

  // A bare page with one row, as the file manager draws it: a browser's first visit minus Genie.
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Files</title></head><body><div data-testid="file-item">report-0.pdf</div></body></html>');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  // Chromium first, then Genie: a person's browser is running when they open Genie after a restart,
  // and the two starting at once on two cores timed each other's start (324-614 ms, 2026-11-25).
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  /** A browser context of its own (nothing cached), signed in to `signedInTo` if given, with the probes, on a new page. */
  const newVisit = async (signedInTo?: string) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    if (signedInTo) await context.addCookies(browserCookies(cookie, signedInTo));
    const page = await context.newPage();
    await page.addInitScript(FRAME_PROBE);
    return { context, page };
  };
  /** Opens `url` in `page`: ms until its first row is painted. */
  const msToFirstRow = async (page: Page, url: string) => {
    await page.goto(url, { waitUntil: 'commit' });
    return (await page.evaluate('window.__firstRow')) as number;
  };
  /** After msToFirstRow: ms until the page's scripts had drawn their rows (over the server's). */
  const msToTakenOver = async (page: Page) => (await page.evaluate('window.__takenOver')) as number;
  const browserFirstVisit = await (async () => {
    const { context, page } = await newVisit();
    const ms = await msToFirstRow(page, `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
    await context.close();
    return ms;
  })();
  bare.close();
  /** A first visit to /files at `url`: ms until the first row is painted, and until the page's scripts have drawn it. */
  const freshVisit = async (url: string) => {
    const { context, page } = await newVisit(url);
    const ms = await msToFirstRow(page, `${url}/files`);
    const takenOver = await msToTakenOver(page);
    await page.waitForLoadState('networkidle');
    await context.close();
    return { ms, takenOver };
  };
  // The first visit after a start pays for Genie's warming up. One such visit moved by ±100 ms from
  // run to run (2026-11-27: 242 then 393 ms), so it is timed after each of STARTS starts and the
  // median kept; the last start is the one the rest of this file uses.
  const firstAfterStarts: { ms: number; takenOver: number }[] = [];
  for (let start = 1; start < STARTS; start++) {
    const earlier = spawnGenie(env, 180_000, { compiled: true });
    try {
      firstAfterStarts.push(await freshVisit(await earlier.ready));
    } finally {
      await stopGenie(earlier);
    }
  }
  const genie = spawnGenie(env, 180_000, { compiled: true });
  try {
    const url = await genie.ready;
    firstAfterStarts.push(await freshVisit(url));
    const afterStart = spreadOf(firstAfterStarts.map((visit) => visit.ms));
    const takenOverAfterStart = spreadOf(firstAfterStarts.map((visit) => visit.takenOver));
    // Then each visit is a new person's first (a new context, nothing cached).
    const later = [await freshVisit(url), await freshVisit(url), await freshVisit(url), await freshVisit(url), await freshVisit(url)];
    const visits = spreadOf(later.map((visit) => visit.ms));
    const takenOver = spreadOf(later.map((visit) => visit.takenOver));

    const { context, page } = await newVisit(url);
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiRequests.push(`${request.method()} ${path}`);
    });

    await msToFirstRow(page, `${url}/files`);
    await page.waitForLoadState('networkidle');

    // The idle frame loop of the same page: what a frame costs here with nothing to do.
    await page.evaluate('window.__startFrames()');
    await page.waitForTimeout(1000);
    const idle = (await page.evaluate('window.__stopFrames()')) as { longest: number; count: number };

    // Scroll to the end, a screen at a time, until the last page is in and the end is reached.
    const pagesBefore = apiRequests.filter((r) => r.startsWith('GET /api/files')).length;
    const scrollStarted = performance.now();
    await page.evaluate('window.__startFrames()');
    await page.evaluate(`(async () => {
      const box = document.querySelector('[data-testid="file-scroll"]');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      // The end: scrolled to the bottom and no page left to load (the Load more button is gone).
      const morePages = () => Array.from(document.querySelectorAll('button')).some((b) => /Load(ing)? more files/.test(b.textContent ?? ''));
      let still = 0;
      while (still < 10) {
        const before = box.scrollHeight;
        box.scrollTop += box.clientHeight;
        await frame();
        const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 2;
        still = atEnd && box.scrollHeight === before && !morePages() ? still + 1 : 0;
      }
    })()`);
    const scrolling = (await page.evaluate('window.__stopFrames()')) as { longest: number; count: number };
    const scrollSeconds = (performance.now() - scrollStarted) / 1000;
    const pageRequests = apiRequests.filter((r) => r.startsWith('GET /api/files')).length - pagesBefore;
    const shown = await page.locator('[data-testid="file-item"]').count();
    const lastName = await page.locator('[data-testid="file-item"]').last().innerText();
    const domNodes = (await page.evaluate('document.getElementsByTagName("*").length')) as number;
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const heapMb = heap.usedSize / 2 ** 20;

    // A new folder: the requests from pressing Enter until it is drawn.
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByPlaceholder('Folder name').fill('Bench folder');
    const before = apiRequests.length;
    await page.getByPlaceholder('Folder name').press('Enter');
    await page.getByText('Folder created successfully!').first().waitFor();
    // Folders come first: back at the top of the list (scrolled to the end above), it is drawn.
    await page.evaluate(`document.querySelector('[data-testid="file-scroll"]').scrollTop = 0`);
    await page.getByRole('button', { name: 'Open folder Bench folder', exact: true }).waitFor().catch(async (error: unknown) => {
      if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
      throw error;
    });
    await page.waitForTimeout(500); // anything the change sets off afterwards counts too
    const folderRequests = apiRequests.slice(before);
    await context.close();

    report({
      figure: `File manager, ${FILES} files: first rows drawn (navigation until the first row is painted; 5 first visits, each in a new browser context)`,
      baseline: `budget 300 ms; a just-launched Chromium's first visit to a bare page with one row: ${round(browserFirstVisit, 1)} ms`,
      measured:
        `${showSpread(visits)}; the first visit after each of ${STARTS} starts (Chromium running) ${showSpread(afterStart)}: ${firstAfterStarts.map((visit) => round(visit.ms, 0)).join(', ')} ms; ` +
        `the page's scripts drew it over the server's drawing at ${showSpread(takenOver)} (after a start ${showSpread(takenOverAfterStart)})`,
      ratio: round(Math.max(visits.median, afterStart.median) / 300),
      target: `< 300 ms, the median of the 5 visits and of the first visits after ${STARTS} starts`,
      met: visits.median < 300 && afterStart.median < 300,
      gap:
        'Since 2026-11-27 the first screen comes drawn in the page\'s HTML (client/src/app/server-render.tsx, loaded by ' +
        'server/plugins/page-server-render.ts): the rows are painted once the HTML, the stylesheet and theme-init.js are in, and the page\'s ' +
        'scripts draw the same page over it afterwards (the time beside the figure). What is left on the first visit after a start is CPU on ' +
        'two cores: Genie\'s first real reads (the list 30 ms cold, 5 ms warm) beside Chromium\'s own first work, which used 570 ms of CPU ' +
        'until the first row in one traced first visit and 230-500 ms in later ones. A full garbage collection before listening and the start\'s ' +
        'jobs put off by 10 s took the first visit from 325-341 ms to 267-280 ms at the median of 8 restarts ' +
        '(bench/profile/files-first-visit-after-restarts.ts); one such visit still ranges over ±100 ms, hence the median of three starts.',
    });
    report({
      figure: `File manager, ${FILES} files: scroll to the very end (grid, a screen a frame, every page loaded on the way)`,
      baseline: `idle frame loop of the same page: longest ${round(idle.longest, 1)} ms`,
      measured: `longest frame ${round(scrolling.longest, 1)} ms over ${scrolling.count} frames; ${pageRequests} page requests in ${round(scrollSeconds, 1)} s; ${shown} tiles in the DOM at the end (last: ${lastName.split('\n')[0]})`,
      ratio: round(scrolling.longest / 100),
      target: 'no frame over 100 ms (ratio = longest / 100 ms)',
      met: scrolling.longest < 100,
      gap: 'A long frame while scrolling is a page of rows measured and drawn at once.',
    });
    report({
      figure: `File manager, ${FILES} files: DOM nodes and JS heap after scrolling to the end`,
      baseline: 'budgets: 2,000 DOM nodes, 100 MB heap',
      measured: `${domNodes} DOM nodes, ${round(heapMb, 1)} MB heap (after a GC)`,
      ratio: round(Math.max(domNodes / 2000, heapMb / 100)),
      target: '< 2,000 nodes and < 100 MB heap',
      met: domNodes < 2000 && heapMb < 100,
      gap: 'Rows outside the view should not be in the DOM; the cache holds every loaded page.',
    });
    report({
      figure: `File manager, ${FILES} files: requests to create a folder`,
      baseline: 'budget 2 requests',
      measured: `${folderRequests.length}: ${folderRequests.join(', ')}`,
      ratio: round(folderRequests.length / 2),
      target: '<= 2 requests',
      met: folderRequests.length <= 2,
      gap: 'A change should edit the cached pages instead of refetching them.',
    });
  } finally {
    await browser.close();
    await stopGenie(genie);
  }
} finally {
  work.remove();
}
