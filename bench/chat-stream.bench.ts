/**
 * #1 Chat streaming: time to first token and total time of a streamed reply through Genie
 * (POST /api/chat, SSE) against the same reply from the fake model server called directly, at 1
 * stream at a time and at 200 concurrent streams, on the embedded PGlite and on PostgreSQL. The
 * fake server runs in its own process.
 *
 * "1 at a time" leaves 50 ms between streams (direct and through Genie alike), as a person would:
 * Genie stores a finished exchange after the stream's end, and back to back the next stream's
 * first token would queue behind that write instead of measuring one stream alone.
 *
 * At 20 concurrent streams the baseline is a minimal node:http proxy (bench/lib/minimal-proxy.mjs)
 * doing the same re-framing minus Genie, timed in alternation with Genie over several rounds.
 */
import { spawn } from 'node:child_process';
import { spawnGenie, tempDir } from '../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { createScratchDatabase } from '../tests/reliability/support/postgres';
import { alternate, showSpread } from './lib/alternate';
import { ensureCompiledServer, ROOT, spawnTsx, stop } from './lib/processes';
import { median, report, round } from './lib/report';
import { timeStream, type StreamTiming } from './lib/streams';

const WORDS = 20;
const TOKEN_DELAY_MS = 20;
const SEQUENTIAL_RUNS = 30;
const PAUSE_BETWEEN_RUNS_MS = 50;
const CONCURRENT = 200;
const PROXY_CONCURRENT = 20;
// The median of 6 rounds moved by ±10 ms from run to run on this shared machine (rounds of one run
// ranged 0.3-56.6 ms over the proxy, 2026-11-27): 15 rounds make the median steadier, ~10 s more.
const PROXY_ROUNDS = 15;

const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0', '--behaviour', 'slow', '--token-delay-ms', String(TOKEN_DELAY_MS)], /FAKE_MODEL_SERVER_URL=(\S+)/);
const fakeUrl = (await fake.matched)[1]!;
const reply = Array.from({ length: WORDS }, (_, i) => `token${i}`).join(' ');
await fetch(fakeUrl.replace(/\/v1$/, '/__fake/behaviour'), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ kind: 'slow', tokenDelayMs: TOKEN_DELAY_MS, reply }),
});

const direct = () =>
  timeStream(
    `${fakeUrl}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
    },
    (message) => message.data.includes('"content"'),
  );

// The minimal proxy, in its own process like Genie.
const proxyChild = spawn(process.execPath, [`${ROOT}bench/lib/minimal-proxy.mjs`, fakeUrl], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
const proxyUrl = await new Promise<string>((resolve) => {
  let output = '';
  proxyChild.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const match = /PROXY_URL=(\S+)/.exec(output);
    if (match) resolve(match[1]!);
  });
});
const viaProxy = () =>
  timeStream(`${proxyUrl}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ message: 'hello' }) }, (message) => message.event === 'delta');
await ensureCompiledServer();

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_RUNS_MS));

const mediansOf = (timings: StreamTiming[]) => ({ firstTokenMs: median(timings.map((t) => t.firstTokenMs)), totalMs: median(timings.map((t) => t.totalMs)) });

/**
 * One stream at a time, the provider directly and through Genie in turn (the order flips each
 * pair), so both see the same machine: timed as two blocks of 30, one after the other, the
 * overhead moved from 2.9 to 6.8 ms between runs of the same code (2026-11-27).
 */
const sequentialPairs = async (baseline: () => Promise<StreamTiming>, measured: () => Promise<StreamTiming>) => {
  for (let i = 0; i < 3; i++) {
    await baseline();
    await measured();
  }
  const direct: StreamTiming[] = [];
  const through: StreamTiming[] = [];
  for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
    const order = i % 2 === 0 ? [baseline, measured] : [measured, baseline];
    for (const run of order) {
      await pause();
      (run === baseline ? direct : through).push(await run());
    }
  }
  return { direct: mediansOf(direct), through: mediansOf(through) };
};
const concurrent = async (run: (account: number) => Promise<StreamTiming>) => {
  const timings = await Promise.all(Array.from({ length: CONCURRENT }, (_, account) => run(account)));
  return { firstTokenMs: median(timings.map((t) => t.firstTokenMs)), totalMs: median(timings.map((t) => t.totalMs)) };
};

async function measure(label: string, env: Record<string, string>) {
  const data = tempDir('genie-bench-chat-');
  const genie = spawnGenie({
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    // As people use it (issue 48: the suite's figure had to agree with one measured from outside,
    // bench/outside/chat.mjs): model titles at their default (on: each new conversation's first
    // reply is followed by a title call), and each chat of a round from its own account.
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
    ...env,
  }, 180_000, { compiled: true });
  try {
    const url = await genie.ready;
    // One account per chat of the largest round, signed up ten at a time (each hashes a password).
    const cookies: string[] = [];
    while (cookies.length < CONCURRENT) {
      cookies.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => signUpOverHttp(url, newAccount(`benchchat${cookies.length + i}`))))));
    }
    /** A chat from the `account`th account (the first, one at a time). */
    const throughGenie = (account = 0) =>
      timeStream(
        `${url}/api/chat`,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: cookies[account]! }, body: JSON.stringify({ message: 'hello' }) },
        (message) => message.event === 'delta',
      );

    const { direct: directOne, through: genieOne } = await sequentialPairs(direct, () => throughGenie());
    const firstTokenOverhead = genieOne.firstTokenMs - directOne.firstTokenMs;
    const totalOverhead = genieOne.totalMs - directOne.totalMs;
    report({
      figure: `#1 chat stream, 1 at a time (${label}): time to first token (median of 30)`,
      baseline: `${round(directOne.firstTokenMs, 1)} ms (fake model server directly, alternated with Genie)`,
      measured: `${round(genieOne.firstTokenMs, 1)} ms through Genie (overhead ${round(firstTokenOverhead, 1)} ms)`,
      ratio: round(genieOne.firstTokenMs / directOne.firstTokenMs),
      target: 'overhead < 5 ms',
      met: firstTokenOverhead < 5,
      gap:
        'Before the first token: the request crosses Genie (two more loopback hops than calling the provider directly), its ' +
        'provider call goes out over node:http (adapters/llm/chat-completions.ts), and one statement counts the limits and stores ' +
        'the message; for a plain message from a user with room it runs while the provider is asked (chat.service.ts earlyRequestOf), ' +
        'and the first token waits for it. Timed inside Genie on 2026-11-27 (a preload marking the request, the provider call, the ' +
        'database thread\'s messages and the first write), on PGlite that statement answered 3-4 ms after it was posted when chats ' +
        'come one at a time (0.6-0.85 ms back to back: an idle thread, cold caches), and every other chat first read its session from ' +
        'the database (the 2 s session cache had run out between chats, ~3 ms more). Timed as two blocks of 30 instead of alternated, ' +
        'as before 2026-11-27, the same code measured 2.9-6.8 ms.',
    });
    report({
      figure: `#1 chat stream, 1 at a time (${label}): total time (median of 30)`,
      baseline: `${round(directOne.totalMs, 1)} ms (fake model server directly, alternated with Genie)`,
      measured: `${round(genieOne.totalMs, 1)} ms through Genie (overhead ${round(totalOverhead, 1)} ms)`,
      ratio: round(genieOne.totalMs / directOne.totalMs),
      target: 'overhead < 5 ms',
      met: totalOverhead < 5,
      gap: 'The first-token overhead carries through to the end; after `done` the exchange is stored after the response has ended.',
    });

    // c=20 against the minimal proxy, alternated: a round is 20 streams at once through each.
    const firstTokens = { proxy: [] as number[], genie: [] as number[] };
    const atOnce = async (run: (account: number) => Promise<StreamTiming>, into: number[]) => {
      const timings = await Promise.all(Array.from({ length: PROXY_CONCURRENT }, (_, account) => run(account)));
      into.push(median(timings.map((t) => t.firstTokenMs)));
      await pause();
      return median(timings.map((t) => t.totalMs));
    };
    const vsProxy = await alternate({ rounds: PROXY_ROUNDS, baseline: () => atOnce(viaProxy, firstTokens.proxy), measured: () => atOnce(throughGenie, firstTokens.genie) });
    // The warm-up round is in the arrays too; the per-round overheads skip it.
    const overheads = firstTokens.genie.slice(1).map((g, i) => g - firstTokens.proxy[i + 1]!);
    const firstTokenOverhead20 = median(overheads);
    report({
      figure: `#1 chat stream, ${PROXY_CONCURRENT} concurrent (${label}): first-token overhead against the minimal proxy`,
      baseline: `minimal node:http proxy: first token ${round(median(firstTokens.proxy.slice(1)), 1)} ms (median of ${PROXY_ROUNDS} alternated rounds; load ${vsProxy.load})`,
      measured: `Genie: first token ${round(median(firstTokens.genie.slice(1)), 1)} ms; overhead per round ${round(firstTokenOverhead20, 1)} ms (${round(Math.min(...overheads), 1)} to ${round(Math.max(...overheads), 1)})`,
      ratio: round(median(firstTokens.genie.slice(1)) / median(firstTokens.proxy.slice(1))),
      target: 'overhead < 15 ms at the median',
      met: firstTokenOverhead20 < 15,
      gap: 'Timed inside Genie with marks on its threads (2026-11-27: a preload on http.server.request.start, the database worker\'s messages and each reply\'s first write), 20 chats at once waited for their start statements in line in PGlite\'s thread: each first delta left as its statement answered, the last 60-75 ms after the round\'s first request, while the provider\'s first chunks had all arrived by 30-35 ms. The start and finish now run as named statements there (parsed once, one call each: db/pglite-named-statements.ts), and the provider is read over node:http without the ai SDK\'s web streams (adapters/llm/chat-completions.ts). What is left is the server thread\'s own CPU per request (Fastify, the session, the chat service, the provider request) on two cores shared with the client, the provider and the database\'s thread: the requests of a round reach the route over ~20-25 ms.',
    });
    report({
      figure: `#1 chat stream, ${PROXY_CONCURRENT} concurrent (${label}): total time against the minimal proxy`,
      baseline: `minimal node:http proxy: ${showSpread(vsProxy.baseline)}`,
      measured: `Genie: ${showSpread(vsProxy.measured)}; ratio per round ${showSpread(vsProxy.ratio, '', 2)}`,
      ratio: round(vsProxy.ratio.median),
      target: 'within 5% (ratio < 1.05)',
      met: vsProxy.ratio.median < 1.05,
      gap: 'Per token Genie parses the provider chunk (JSON.parse of each SSE event) and writes its own SSE frame; after `done` it stores the exchange.',
    });

    // Against the proxy, as at 20 and as bench/outside/chat.mjs measures it.
    const directMany = await concurrent(viaProxy);
    const genieMany = await concurrent(throughGenie);
    const manyRatio = genieMany.totalMs / directMany.totalMs;
    report({
      figure: `#1 chat stream, ${CONCURRENT} concurrent (${label}): total time (median)`,
      baseline: `${round(directMany.totalMs, 1)} ms (the minimal proxy; first token ${round(directMany.firstTokenMs, 1)} ms)`,
      measured: `${round(genieMany.totalMs, 1)} ms through Genie (first token ${round(genieMany.firstTokenMs, 1)} ms)`,
      ratio: round(manyRatio),
      target: 'overhead < 10% (ratio < 1.10)',
      met: manyRatio < 1.1,
      gap:
        `${CONCURRENT} streams that start at the same instant are CPU-bound on 2 cores shared by the load generator, the fake ` +
        'provider and Genie: Genie proxies every token (read, parse, write) and runs two statements per chat, which on PGlite ' +
        'execute in the database\'s worker thread, on the same 2 cores. Compare the PostgreSQL line, where they run in the database\'s processes.',
    });
  } finally {
    genie.kill('SIGTERM');
    await genie.exited;
    data.remove();
  }
}

try {
  await measure('PGlite', {});
  const database = await createScratchDatabase();
  try {
    await measure('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
} finally {
  await stop(proxyChild);
  await stop(fake.child);
}
