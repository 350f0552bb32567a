/**
 * The first signed-in page a restarted Genie sends, against the next one (issue 19: the file
 * manager's first visit after start): N restarts on a library of 10,000 files, each timing
 * GET /files with a session to the end of its HTML (the page and its first reads, brotli), twice.
 * No browser, so Chromium's own first start is left out. WAIT is how long after ready the first
 * page is asked for (a person is never there at once). Not a .bench.ts file.
 *
 *   [N=5] [WAIT=200] npx tsx bench/profile/first-page-after-restart.ts
 */
import { join } from 'node:path';
import { spawnGenie, stopGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { seedFileLibrary } from '../lib/file-library';
import { buildClient, ensureCompiledServer } from '../lib/processes';

const work = tempDir('genie-first-page-');
const env = { DATA_DIR: join(work.dir, 'data'), CLIENT_DIR: join(work.dir, 'client'), LOG_LEVEL: 'error' };
buildClient(env.CLIENT_DIR);
await ensureCompiledServer();
const cookie = await seedFileLibrary(env, 10_000, 'firstpage');
const timePage = async (url: string) => {
  const started = performance.now();
  const page = await fetch(`${url}/files`, { headers: { cookie, 'accept-encoding': 'br' } });
  await page.arrayBuffer();
  return performance.now() - started;
};
const pairs: string[] = [];
try {
  for (let i = 0; i < Number(process.env.N ?? 5); i++) {
    const genie = spawnGenie(env, 180_000, { compiled: true });
    const url = await genie.ready;
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.WAIT ?? 200)));
    const first = await timePage(url);
    const second = await timePage(url);
    pairs.push(`${first.toFixed(1)}/${second.toFixed(1)}`);
    await stopGenie(genie);
  }
  console.log(`/files with a session, to the end of its HTML, first/second after each restart (ms): ${pairs.join('  ')}`);
} finally {
  work.remove();
}
