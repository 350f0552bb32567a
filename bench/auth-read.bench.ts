/**
 * #5 An authenticated JSON read (GET /api/user/subscription, which resolves the session cookie,
 * from the session cache after the first request) against a bare Fastify route, all as separate
 * processes running side by side, loaded by a further process over loopback keep-alive
 * connections. The bare route and Genie are loaded in alternation (A B B A … over several rounds),
 * so drift and other work land on both alike; the ratio is the median of the rounds' ratios.
 */
import { spawnGenie, tempDir, type GenieProcess } from '../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { createScratchDatabase } from '../tests/reliability/support/postgres';
import { alternate, showSpread } from './lib/alternate';
import { loadFromChildProcess, type LoadOptions, type LoadResult } from './lib/load-generator';
import { spawnTsx, stop } from './lib/processes';
import { report, round, scaled } from './lib/report';

const CONNECTIONS = 32;
const DURATION_MS = scaled(3_000, 1_000);
const ROUNDS = scaled(6, 2);

async function measure(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const options: LoadOptions = { url, headers, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: 500 };
  const result = await loadFromChildProcess(options);
  if (result.errors || result.non2xx) throw new Error(`load against ${url} had ${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return result;
}

const bare = spawnTsx('bench/lib/bare-fastify.ts', [], /BARE_URL=(\S+)/);
const bareUrl = `${(await bare.matched)[1]!}/bare`;
const data = tempDir('genie-bench-read-');
const database = await createScratchDatabase();
const genies: GenieProcess[] = [];

async function startGenie(env: Record<string, string>) {
  const genie = spawnGenie({ LOG_LEVEL: 'error', ...env });
  genies.push(genie);
  const url = await genie.ready;
  return { url: `${url}/api/user/subscription`, cookie: await signUpOverHttp(url, newAccount('bench')) };
}

try {
  const targets = {
    PGlite: await startGenie({ DATA_DIR: `${data.dir}/pglite` }),
    PostgreSQL: await startGenie({ DATA_DIR: `${data.dir}/pg`, DATABASE_URL: database.url }),
  };
  for (const [label, target] of Object.entries(targets)) {
    const last = { bare: null as LoadResult | null, genie: null as LoadResult | null };
    const rounds = await alternate({
      rounds: ROUNDS,
      baseline: async () => (last.bare = await measure(bareUrl)).requestsPerSecond,
      measured: async () => (last.genie = await measure(target.url, { cookie: target.cookie })).requestsPerSecond,
    });
    report({
      figure: `#5 authenticated JSON read, GET /api/user/subscription (${label}), requests/s`,
      baseline: `bare Fastify route: ${showSpread(rounds.baseline, 'req/s', 0)} (alternated with Genie, ${ROUNDS} rounds of ${DURATION_MS / 1000} s; last round p50 ${round(last.bare!.p50Ms)} ms)`,
      measured: `${showSpread(rounds.measured, 'req/s', 0)}; ratio per round ${showSpread(rounds.ratio, '', 2)}; last round p50 ${round(last.genie!.p50Ms)} ms, p99 ${round(last.genie!.p99Ms)} ms; load ${rounds.load}`,
      ratio: round(rounds.ratio.median),
      target: '≥ 0.5 of bare',
      met: rounds.ratio.median >= 0.5,
      gap:
        'A signed-in read resolves its session from the per-process session cache (2 s) and needs no query; what remains is ' +
        "Fastify's request handling and the security headers. The servers and the load generator share the same 2 cores.",
    });
  }
} finally {
  for (const genie of genies) {
    genie.kill('SIGTERM');
    await genie.exited;
  }
  await stop(bare.child);
  await database.drop();
  data.remove();
}
