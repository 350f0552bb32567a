/**
 * Where the browser's time goes on a first visit to /files with 10,000 files: a V8 CPU profile of
 * the page's main thread from navigation until the first row is painted, summed by script and by
 * function, for three visits after a first one (each in a new browser context). With TRACE=1 it
 * also writes a Chromium trace of each visit to /tmp/prof/files-<n>.json (load it in DevTools'
 * Performance panel): the "(program)" share of the profile is the renderer's own work (parsing,
 * style, layout, paint), which only the trace breaks down. Not a .bench.ts file.
 *
 *   [TRACE=1] npx tsx bench/profile/files-render-profile.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';
import { spawnGenie, stopGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { browserCookies } from '../lib/browser-cookies';
import { FIRST_ROW_PROBE } from '../lib/first-row-probe';
import { seedFileLibrary } from '../lib/file-library';
import { buildClient, ensureCompiledServer } from '../lib/processes';
import { selfTimesOf, type CpuProfile } from './cpu-profile';

if (process.env.TRACE) mkdirSync('/tmp/prof', { recursive: true });
const work = tempDir('genie-render-profile-');
const env = { DATA_DIR: join(work.dir, 'data'), CLIENT_DIR: join(work.dir, 'client'), LOG_LEVEL: 'error' };
buildClient(env.CLIENT_DIR);
await ensureCompiledServer();
const cookie = await seedFileLibrary(env, 10_000, 'renderprofile');
const genie = spawnGenie(env, 180_000, { compiled: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
try {
  const url = await genie.ready;
  for (let visit = 0; visit < 4; visit++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies(browserCookies(cookie, url));
    const page = await context.newPage();
    await page.addInitScript(FIRST_ROW_PROBE);
    if (process.env.TRACE) await browser.startTracing(page, { path: `/tmp/prof/files-${visit}.json`, categories: ['devtools.timeline', 'v8', 'blink', 'disabled-by-default-devtools.timeline', 'loading'] });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${url}/files`, { waitUntil: 'commit' });
    const firstRow = (await page.evaluate('window.__firstRow')) as number;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    if (process.env.TRACE) await browser.stopTracing();
    if (visit === 0) { await context.close(); continue; }
    const { totalMs, functions, scripts } = selfTimesOf(profile);
    console.log(`visit ${visit}: first row at ${firstRow.toFixed(0)} ms; profile ${totalMs.toFixed(0)} ms`);
    for (const [name, ms] of scripts.slice(0, 14)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
    console.log('  functions:');
    for (const [name, ms] of functions.slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stopGenie(genie);
  work.remove();
}
