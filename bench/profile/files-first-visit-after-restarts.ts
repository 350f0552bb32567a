/**
 * The file manager's first visit after a start, restart after restart (issue 19, item 5): the one
 * visit bench/files-browser.bench.ts times once per run, here N times, for comparing two versions.
 * Chromium runs throughout, as in the bench; each visit is a new browser context. Not a .bench.ts
 * file: `npm run bench` does not run it.
 *
 *   [N=6] npx tsx bench/profile/files-first-visit-after-restarts.ts
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';
import { spawnGenie, stopGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { browserCookies } from '../lib/browser-cookies';
import { FIRST_ROW_PROBE } from '../lib/first-row-probe';
import { seedFileLibrary } from '../lib/file-library';
import { buildClient, ensureCompiledServer } from '../lib/processes';
import { median, round } from '../lib/report';

const work = tempDir('genie-first-visit-restarts-');
const env = { DATA_DIR: join(work.dir, 'data'), CLIENT_DIR: join(work.dir, 'client'), LOG_LEVEL: 'error' };
buildClient(env.CLIENT_DIR);
await ensureCompiledServer();
const cookie = await seedFileLibrary(env, 10_000, 'firstvisitrestarts');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
await (await browser.newPage()).goto('about:blank');
const times: number[] = [];
try {
  for (let restart = 0; restart < Number(process.env.N ?? 6); restart++) {
    const genie = spawnGenie(env, 180_000, { compiled: true });
    try {
      const url = await genie.ready;
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await context.addCookies(browserCookies(cookie, url));
      const page = await context.newPage();
      await page.addInitScript(FIRST_ROW_PROBE);
      await page.goto(`${url}/files`, { waitUntil: 'commit' });
      times.push((await page.evaluate('window.__firstRow')) as number);
      await page.waitForLoadState('networkidle');
      await context.close();
    } finally {
      await stopGenie(genie);
    }
  }
  console.log(`first visit after a start, first rows painted (ms): median ${round(median(times))}; all ${times.map((t) => round(t, 0)).join(' ')}`);
} finally {
  await browser.close();
  work.remove();
}
