/**
 * #5 An authenticated JSON read (GET /api/user/subscription, which resolves the session cookie,
 * from the session cache after the first request) against a bare Fastify route, both as separate
 * processes, loaded by a third process over loopback keep-alive connections.
 */
import { spawnGenie, tempDir } from '../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { createScratchDatabase } from '../tests/reliability/support/postgres';
import { loadFromChildProcess, type LoadOptions } from './lib/load-generator';
import { spawnTsx, stop } from './lib/processes';
import { report, round } from './lib/report';

const CONNECTIONS = 32;
const DURATION_MS = 8_000;

async function measure(url: string, headers: Record<string, string> = {}) {
  const options: LoadOptions = { url, headers, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: 1_500 };
  const result = await loadFromChildProcess(options);
  if (result.errors || result.non2xx) throw new Error(`load against ${url} had ${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return result;
}

const bare = spawnTsx('bench/lib/bare-fastify.ts', [], /BARE_URL=(\S+)/);
const bareUrl = (await bare.matched)[1]!;
const baseline = await measure(`${bareUrl}/bare`);
await stop(bare.child);

async function measureGenie(label: string, env: Record<string, string>) {
  const data = tempDir('genie-bench-read-');
  const genie = spawnGenie({ DATA_DIR: data.dir, LOG_LEVEL: 'error', ...env });
  try {
    const url = await genie.ready;
    const cookie = await signUpOverHttp(url, newAccount('bench'));
    const measured = await measure(`${url}/api/user/subscription`, { cookie });
    const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
    report({
      figure: `#5 authenticated JSON read, GET /api/user/subscription (${label}), requests/s`,
      baseline: `${Math.round(baseline.requestsPerSecond)} req/s (bare Fastify route; p50 ${round(baseline.p50Ms)} ms)`,
      measured: `${Math.round(measured.requestsPerSecond)} req/s (p50 ${round(measured.p50Ms)} ms, p99 ${round(measured.p99Ms)} ms)`,
      ratio: round(ratio),
      target: '≥ 0.5 of bare',
      met: ratio >= 0.5,
      gap:
        'A signed-in read resolves its session from the per-process session cache (2 s) and needs no query; what remains is ' +
        'Fastify\'s request handling and the security headers. The bare route and the load generator share the same 2 cores, ' +
        'so the ratio moves with other work on the machine: compare several runs.',
    });
  } finally {
    genie.kill('SIGTERM');
    await genie.exited;
    data.remove();
  }
}

await measureGenie('PGlite', {});
const database = await createScratchDatabase();
try {
  await measureGenie('PostgreSQL', { DATABASE_URL: database.url });
} finally {
  await database.drop();
}
