/**
 * Profiles Genie's POST /api/chat (issue 19, item 4) with figures the machine's load does not
 * change: CPU milliseconds per chat in the Genie process (against the minimal proxy's for the
 * same streams), statements per chat, and a V8 CPU profile (the inspector's, as --cpu-prof records) of the run,
 * summed by function. Not a .bench.ts file: `npm run bench` does not run it.
 *
 *   [USERS=20] npx tsx bench/profile/chat.ts [--out /tmp/genie-chat-profile] [--pglite|--postgres] [--no-profile]
 *
 * USERS spreads the chats over that many accounts, taken in turn (one by default, as bench #1
 * does): one user's starts on PostgreSQL wait for each other on that user's allowance lock.
 *
 * --no-profile leaves the V8 profiler off: sampling every 0.5 ms costs CPU for as long as it runs,
 * idle or not, so with it the CPU ms per chat of the slow phases (1 at a time) are mostly the
 * profiler's. Without it they are Genie's alone.
 *
 * Phases: 30 chats one at a time, 6 rounds of 20 at once, one round of 200 at once; each reply is
 * 20 tokens, 20 ms apart, from the fake model server.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../../tests/reliability/support/http';
import { cpuMsOf, ensureCompiledServer, ROOT, spawnTsx, stop } from '../lib/processes';
import { median, round } from '../lib/report';
import { timeStream } from '../lib/streams';
import { selfTimes } from './cpu-profile';

const args = process.argv.slice(2);
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1]! : '/tmp/genie-chat-profile';
const onPostgres = args.includes('--postgres');
const profiling = !args.includes('--no-profile');
mkdirSync(outDir, { recursive: true });
const profileFile = join(outDir, `genie-chat-${Date.now()}.cpuprofile`);
const WORDS = 20;
const TOKEN_DELAY_MS = 20;

const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0', '--behaviour', 'slow', '--token-delay-ms', String(TOKEN_DELAY_MS)], /FAKE_MODEL_SERVER_URL=(\S+)/);
const fakeUrl = (await fake.matched)[1]!;
await fetch(fakeUrl.replace(/\/v1$/, '/__fake/behaviour'), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ kind: 'slow', tokenDelayMs: TOKEN_DELAY_MS, reply: Array.from({ length: WORDS }, (_, i) => `token${i}`).join(' ') }),
});
const proxy = spawn(process.execPath, [`${ROOT}bench/lib/minimal-proxy.mjs`, fakeUrl], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
const proxyUrl = await new Promise<string>((resolve) => {
  let output = '';
  proxy.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const match = /PROXY_URL=(\S+)/.exec(output);
    if (match) resolve(match[1]!);
  });
});
await ensureCompiledServer();

const data = tempDir('genie-profile-chat-');
// --postgres: the database named by PROFILE_DATABASE_URL (a database of your own; it is migrated, not emptied).
const postgresUrl = onPostgres ? process.env.PROFILE_DATABASE_URL : undefined;
if (onPostgres && !postgresUrl) throw new Error('--postgres needs PROFILE_DATABASE_URL');
const genie = spawnGenie(
  {
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
    // As bench/chat-stream.bench.ts: the background title call of each new conversation is not the work measured.
    GENIE_MODEL_TITLES: 'false',
    NODE_OPTIONS: `--import ${ROOT}bench/profile/preload.mjs`,
    ...(profiling ? { GENIE_CPU_PROFILE: profileFile } : {}),
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  },
  180_000,
  { compiled: true },
);
const url = await genie.ready;
const cookies = await Promise.all(Array.from({ length: Number(process.env.USERS ?? 1) }, (_, i) => signUpOverHttp(url, newAccount(`profilechat${i}`))));
let turn = 0; // the account of the next chat

const statements = async () => {
  const before = genie.output().length;
  genie.child.kill('SIGUSR2');
  for (;;) {
    const match = /STATEMENTS=(\d+)/.exec(genie.output().slice(before));
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const through = (base: string, headers: Record<string, string>) => () =>
  timeStream(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers }, body: JSON.stringify({ message: 'hello' }) }, (m) => m.event === 'delta');
const viaGenie = () =>
  through(url, { cookie: cookies[turn++ % cookies.length]! })().catch((error: unknown) => {
    console.error(`${String(error)}\nGenie said:\n${genie.output().slice(-3000)}`);
    process.exit(1);
  });
const viaProxy = through(proxyUrl, {});

/** Runs `chats` through one server in `batches`, and says its CPU ms per chat. */
async function phase(label: string, target: 'genie' | 'proxy', batches: number, atOnce: number) {
  const child = target === 'genie' ? genie.child : proxy;
  const run = target === 'genie' ? viaGenie : viaProxy;
  const cpuBefore = await cpuMsOf(child);
  const statementsBefore = target === 'genie' && !onPostgres ? await statements() : 0;
  const firstTokens: number[] = [];
  for (let b = 0; b < batches; b++) {
    const timings = await Promise.all(Array.from({ length: atOnce }, run));
    firstTokens.push(median(timings.map((t) => t.firstTokenMs)));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const chats = batches * atOnce;
  const cpu = (await cpuMsOf(child)) - cpuBefore;
  const stmts = target === 'genie' && !onPostgres ? ((await statements()) - statementsBefore) / chats : NaN;
  console.log(
    `${label.padEnd(28)} ${target.padEnd(6)} CPU ${round(cpu / chats, 2)} ms/chat${Number.isNaN(stmts) ? '' : `, ${round(stmts, 2)} statements/chat`}, first token median ${round(median(firstTokens), 1)} ms`,
  );
}

for (let i = 0; i < 5; i++) await viaGenie(); // warm-up (JIT, caches)
for (let i = 0; i < 5; i++) await viaProxy();
const untilSaid = async (what: RegExp, from: number) => {
  while (!what.test(genie.output().slice(from))) await new Promise((resolve) => setTimeout(resolve, 20));
};
const profileStart = genie.output().length;
if (profiling) {
  genie.child.kill('SIGHUP');
  await untilSaid(/PROFILE_STARTED/, profileStart);
}
process.on('unhandledRejection', (error) => {
  console.error(error, '\nGenie said:\n', genie.output().slice(-4000));
  process.exit(1);
});
await phase('1 at a time (30)', 'proxy', 30, 1);
await phase('1 at a time (30)', 'genie', 30, 1);
await phase('20 at once (6 rounds)', 'proxy', 6, 20);
await phase('20 at once (6 rounds)', 'genie', 6, 20);
await phase('200 at once', 'proxy', 1, 200);
await phase('200 at once', 'genie', 1, 200);

const profileFrom = genie.output().length;
if (profiling) {
  genie.child.kill('SIGHUP');
  await untilSaid(/PROFILE_(WRITTEN|FAILED)/, profileFrom);
}
genie.kill('SIGTERM');
await genie.exited;
proxy.kill('SIGTERM');
await stop(fake.child);
data.remove();
if (!profiling) process.exit(0);
const { functions, owners } = selfTimes(profileFile);
console.log(`\nprofile: ${profileFile}\nself time by owner:`);
for (const [owner, ms] of owners.slice(0, 12)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${owner}`);
console.log("Genie's own functions by self time:");
for (const [name, ms] of functions.filter(([n]) => /\((dist\/server|server)\//.test(n)).slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
