/**
 * Profiles what `/v1/chat/completions` adds before its first token over `POST /api/chat` (issue
 * 40), with figures the machine's load changes little: database statements per request (the
 * round trips to PGlite's worker thread, counted by preload.mjs) and CPU milliseconds per request
 * in the Genie process, beside the first-token medians. The same streamed chat through the same
 * compiled Genie and fake model server as bench/api-and-mcp.bench.ts (with the filesystem MCP
 * server configured there too), one door at a time in alternating blocks, one request at a time
 * and then 20 at once (3 rounds a block). Not a .bench.ts file:
 * `npm run bench` does not run it.
 *
 *   npx tsx bench/profile/api-first-token.ts [--requests 40] [--profile /tmp/file.cpuprofile]
 *
 * --profile <file> records a V8 CPU profile of the last block of each door (the server's main
 * thread; PGlite's worker thread is not in it) and prints each door's self time by owner and
 * Genie's own functions, per request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesystemMcpServer } from '../../tests/support/mcp-filesystem';
import { spawnGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { newAccount, postJson, signUpOverHttp } from '../../tests/reliability/support/http';
import { cpuMsOf, ensureCompiledServer, ROOT, spawnTsx, stop } from '../lib/processes';
import { median, round } from '../lib/report';
import { timeStream } from '../lib/streams';
import { selfTimes } from './cpu-profile';

const args = process.argv.slice(2);
const REQUESTS = args.includes('--requests') ? Number(args[args.indexOf('--requests') + 1]) : 40;
const profileFile = args.includes('--profile') ? args[args.indexOf('--profile') + 1]! : undefined;
const BLOCKS = 4;
const AT_ONCE = 20;
const pause = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0'], /FAKE_MODEL_SERVER_URL=(\S+)/);
const fakeUrl = (await fake.matched)[1]!;
const fs = filesystemMcpServer('fs');
writeFileSync(join(fs.dir, 'note.txt'), 'unused');
await ensureCompiledServer();
const data = tempDir('genie-profile-api-');
const genie = spawnGenie(
  {
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    GENIE_MODEL_TITLES: 'false',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
    MCP_SERVERS: fs.setting,
    NODE_OPTIONS: `--import ${ROOT}bench/profile/preload.mjs`,
    ...(profileFile ? { GENIE_CPU_PROFILE: profileFile } : {}),
  },
  180_000,
  { compiled: true },
);
try {
  const url = await genie.ready;
  const cookie = await signUpOverHttp(url, newAccount('profileapi'));
  const { key } = (await (await postJson(`${url}/api/api-keys`, { name: 'profile' }, { cookie })).json()) as { key: string };

  const viaChat = () =>
    timeStream(`${url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie }, body: JSON.stringify({ message: 'hello' }) }, (m) => m.event === 'delta');
  const viaV1 = () =>
    timeStream(
      `${url}/v1/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ model: 'default', stream: true, messages: [{ role: 'user', content: 'hello' }] }) },
      (m) => /"content":"[^"]/.test(m.data),
    );
  const statements = async () => {
    const before = genie.output().length;
    genie.child.kill('SIGUSR2');
    for (;;) {
      const match = /STATEMENTS=(\d+)/.exec(genie.output().slice(before));
      if (match) return Number(match[1]);
      await pause(5);
    }
  };
  const untilSaid = async (what: RegExp, from: number) => {
    while (!what.test(genie.output().slice(from))) await pause(20);
  };

  const totals = { chat: { cpu: 0, statements: 0, n: 0, first: [] as number[] }, v1: { cpu: 0, statements: 0, n: 0, first: [] as number[] } };
  for (let i = 0; i < 5; i++) {
    await viaChat();
    await viaV1();
  }
  // The MCP server connects in the background; both doors offer its tools once it has.
  await pause(3000);
  const profiles: Partial<Record<'chat' | 'v1', ReturnType<typeof selfTimes>>> = {};
  for (let block = 0; block < BLOCKS * 2; block++) {
    const side = block % 2 === 0 ? 'chat' : 'v1';
    const run = side === 'chat' ? viaChat : viaV1;
    const profiling = profileFile !== undefined && block >= BLOCKS * 2 - 2;
    if (profiling) {
      const from = genie.output().length;
      genie.child.kill('SIGHUP');
      await untilSaid(/PROFILE_STARTED/, from);
    }
    const cpuBefore = await cpuMsOf(genie.child);
    const statementsBefore = await statements();
    for (let i = 0; i < REQUESTS / BLOCKS; i++) {
      totals[side].first.push((await run()).firstTokenMs);
      await pause();
    }
    // The usage row is written after the stream ends: let it land inside this block's count.
    await pause(200);
    totals[side].cpu += (await cpuMsOf(genie.child)) - cpuBefore;
    totals[side].statements += (await statements()) - statementsBefore;
    totals[side].n += REQUESTS / BLOCKS;
    if (profiling) {
      const from = genie.output().length;
      genie.child.kill('SIGHUP');
      await untilSaid(/PROFILE_(WRITTEN|FAILED)/, from);
      profiles[side] = selfTimes(profileFile!);
    }
  }
  for (const side of ['chat', 'v1'] as const) {
    const t = totals[side];
    console.log(
      `${side === 'chat' ? 'POST /api/chat         ' : '/v1/chat/completions   '} ${round(t.statements / t.n, 2)} statements/request, CPU ${round(t.cpu / t.n, 2)} ms/request (incl. pauses' idle), first token median ${round(median(t.first), 2)} ms`,
    );
  }
  // 20 at once: the requests that miss the key cache together share one read (SessionCache.readOnce).
  const many = { chat: { cpu: 0, statements: 0, n: 0, first: [] as number[] }, v1: { cpu: 0, statements: 0, n: 0, first: [] as number[] } };
  for (let block = 0; block < BLOCKS * 2; block++) {
    const side = block % 2 === 0 ? 'chat' : 'v1';
    const run = side === 'chat' ? viaChat : viaV1;
    const cpuBefore = await cpuMsOf(genie.child);
    const statementsBefore = await statements();
    for (let round = 0; round < 3; round++) {
      const timings = await Promise.all(Array.from({ length: AT_ONCE }, run));
      many[side].first.push(median(timings.map((t) => t.firstTokenMs)));
      await pause(200);
    }
    many[side].cpu += (await cpuMsOf(genie.child)) - cpuBefore;
    many[side].statements += (await statements()) - statementsBefore;
    many[side].n += 3 * AT_ONCE;
  }
  for (const side of ['chat', 'v1'] as const) {
    const t = many[side];
    console.log(
      `${side === 'chat' ? 'POST /api/chat, 20 at once      ' : '/v1/chat/completions, 20 at once'} ${round(t.statements / t.n, 2)} statements/request, CPU ${round(t.cpu / t.n, 2)} ms/request, first token median of rounds ${round(median(t.first), 2)} ms`,
    );
  }
  const perRequest = REQUESTS / BLOCKS;
  for (const side of ['chat', 'v1'] as const) {
    const profile = profiles[side];
    if (!profile) continue;
    console.log(`\n${side}: main thread self time per request, by owner`);
    for (const [owner, ms] of profile.owners.slice(0, 12)) console.log(`  ${(ms / perRequest).toFixed(3).padStart(8)} ms  ${owner}`);
    console.log(`${side}: Genie's own functions per request`);
    for (const [name, ms] of profile.functions.filter(([n]) => /\((dist\/server|server)\//.test(n)).slice(0, 15)) console.log(`  ${(ms / perRequest).toFixed(3).padStart(8)} ms  ${name}`);
  }
  console.log(`load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  genie.kill('SIGTERM');
  await genie.exited;
  data.remove();
  fs.remove();
  await stop(fake.child);
}
