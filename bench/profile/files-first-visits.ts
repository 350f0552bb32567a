/**
 * First visits to /files with 10,000 files, for comparing two versions of Genie (issue 19, item
 * 5): the ms until the first row is painted, visit by visit, each in a new browser context, with
 * the network's requests of one visit when asked. Not a .bench.ts file: `npm run bench` does not
 * run it. bench/files-browser.bench.ts gives the figure; this is for finding where it goes.
 *
 *   [N=10] [LATENCY=40] [REQUESTS=1] [UNDRAWN=1] npx tsx bench/profile/files-first-visits.ts
 *
 * Run it in each checkout in turn (git worktree add), several times over, alternating: one run
 * moves by ±30 ms on a shared 2-core machine. LATENCY adds that many ms to every request
 * (Chromium's own network emulation), as a network between the browser and Genie would; REQUESTS
 * prints the first and the last visit's requests (start, connection, sent, first byte and end, ms
 * after navigation) and their paints: the first visit after start shows Genie's cold code.
 * UNDRAWN removes the build's server-side render (its ssr/ folder), so the page is sent undrawn
 * and its scripts draw the first rows, as before 2026-11-27. Beside the first rows it prints when
 * the page's scripts had drawn their own (the same moment when the server drew none).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';
import { spawnGenie, stopGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { browserCookies } from '../lib/browser-cookies';
import { FIRST_ROW_PROBE } from '../lib/first-row-probe';
import { seedFileLibrary } from '../lib/file-library';
import { buildClient, ensureCompiledServer } from '../lib/processes';
import { median, round } from '../lib/report';

const FILES = 10_000;
const VISITS = Number(process.env.N ?? 10);
const LATENCY_MS = Number(process.env.LATENCY ?? 0);

const work = tempDir('genie-first-visits-');
const env = { DATA_DIR: join(work.dir, 'data'), CLIENT_DIR: join(work.dir, 'client'), LOG_LEVEL: 'error' };
buildClient(env.CLIENT_DIR);
if (process.env.UNDRAWN) rmSync(join(env.CLIENT_DIR, 'ssr'), { recursive: true, force: true });
await ensureCompiledServer();

const cookie = await seedFileLibrary(env, FILES, 'firstvisits');
// Chromium first, as in bench/files-browser.bench.ts: its first page (about:blank) starts its own processes.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
await (await browser.newPage()).goto('about:blank');
const genie = spawnGenie(env, 180_000, { compiled: true });
try {
  const url = await genie.ready;
  const times: number[] = [];
  const takenOver: number[] = [];
  for (let visit = 1; visit <= VISITS; visit++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies(browserCookies(cookie, url));
    const page = await context.newPage();
    await page.addInitScript(FIRST_ROW_PROBE);
    if (LATENCY_MS > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.goto(`${url}/files`, { waitUntil: 'commit' });
    times.push((await page.evaluate('window.__firstRow')) as number);
    takenOver.push((await page.evaluate('window.__takenOver')) as number);
    await page.waitForLoadState('networkidle');
    if (process.env.REQUESTS && (visit === 1 || visit === VISITS)) {
      const entries = (await page.evaluate(`[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource'), ...performance.getEntriesByType('paint')]
        .map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.requestStart ?? e.startTime), Math.round(e.responseStart ?? e.startTime), Math.round(e.responseEnd ?? e.startTime), e.encodedBodySize ?? 0, Math.round(e.connectStart ?? 0), Math.round(e.connectEnd ?? 0)])`)) as [string, number, number, number, number, number, number, number][];
      console.log(`  visit ${visit}\n  start  sent first-byte  end  bytes  connection`);
      // A new connection's start and end, or the start twice for a connection reused.
      for (const [name, start, sent, firstByte, end, bytes, connectStart, connectEnd] of entries)
        console.log(`  ${[start, sent, firstByte, end].map((t) => String(t).padStart(5)).join(' ')} ${String(bytes).padStart(7)}  ${String(`${connectStart}-${connectEnd}`).padStart(9)}  ${name}`);
    }
    await context.close();
  }
  // The first visit after start pays for Genie's cold code.
  const later = times.slice(1);
  console.log(`the page's scripts had drawn it (ms): first visit ${round(takenOver[0]!)}, then median ${round(median(takenOver.slice(1)))}`);
  console.log(
    `first rows painted (ms${LATENCY_MS ? `, ${LATENCY_MS} ms latency` : ''}): first visit ${round(times[0]!)}, then median ${round(median(later))} (${round(Math.min(...later))}-${round(Math.max(...later))}); all ${times.map((t) => round(t, 0)).join(' ')}`,
  );
} finally {
  await browser.close();
  await stopGenie(genie);
  work.remove();
}
