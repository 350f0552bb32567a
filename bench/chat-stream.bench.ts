/**
 * #1 Chat streaming: time to first token and total time of a streamed reply through Genie
 * (POST /api/chat, SSE) against the same reply from the fake model server called directly, at 1
 * stream at a time and at 200 concurrent streams. The fake server runs in its own process.
 */
import { spawnGenie, tempDir } from '../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { spawnTsx, stop } from './lib/processes';
import { median, report, round } from './lib/report';
import { timeStream, type StreamTiming } from './lib/streams';

const WORDS = 20;
const TOKEN_DELAY_MS = 20;
const SEQUENTIAL_RUNS = 30;
const CONCURRENT = 200;

const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0', '--behaviour', 'slow', '--token-delay-ms', String(TOKEN_DELAY_MS)], /FAKE_MODEL_SERVER_URL=(\S+)/);
const fakeUrl = (await fake.matched)[1]!;
const reply = Array.from({ length: WORDS }, (_, i) => `token${i}`).join(' ');
await fetch(fakeUrl.replace(/\/v1$/, '/__fake/behaviour'), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ kind: 'slow', tokenDelayMs: TOKEN_DELAY_MS, reply }),
});

const data = tempDir('genie-bench-chat-');
const genie = spawnGenie({
  DATA_DIR: data.dir,
  LOG_LEVEL: 'error',
  OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
  GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
  CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
  CHAT_DAILY_MESSAGES_FREE: '1000000',
});

const direct = () =>
  timeStream(
    `${fakeUrl}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
    },
    (block) => block.includes('"content"'),
  );

try {
  const url = await genie.ready;
  const cookie = await signUpOverHttp(url, newAccount('benchchat'));
  const throughGenie = () =>
    timeStream(
      `${url}/api/chat`,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie }, body: JSON.stringify({ message: 'hello' }) },
      (block) => block.startsWith('event: delta'),
    );

  const sequential = async (run: () => Promise<StreamTiming>) => {
    for (let i = 0; i < 3; i++) await run(); // warm-up
    const timings: StreamTiming[] = [];
    for (let i = 0; i < SEQUENTIAL_RUNS; i++) timings.push(await run());
    return { firstTokenMs: median(timings.map((t) => t.firstTokenMs)), totalMs: median(timings.map((t) => t.totalMs)) };
  };
  const concurrent = async (run: () => Promise<StreamTiming>) => {
    const timings = await Promise.all(Array.from({ length: CONCURRENT }, run));
    return { firstTokenMs: median(timings.map((t) => t.firstTokenMs)), totalMs: median(timings.map((t) => t.totalMs)) };
  };

  const directOne = await sequential(direct);
  const genieOne = await sequential(throughGenie);
  const firstTokenOverhead = genieOne.firstTokenMs - directOne.firstTokenMs;
  const totalOverhead = genieOne.totalMs - directOne.totalMs;
  report({
    figure: '#1 chat stream, 1 at a time: time to first token (median of 30)',
    baseline: `${round(directOne.firstTokenMs, 1)} ms (fake model server directly)`,
    measured: `${round(genieOne.firstTokenMs, 1)} ms through Genie (overhead ${round(firstTokenOverhead, 1)} ms)`,
    ratio: round(genieOne.firstTokenMs / directOne.firstTokenMs),
    target: 'overhead < 5 ms',
    met: firstTokenOverhead < 5,
    gap: 'Before the first token Genie checks the session, the limits and stores the user message (several queries on the embedded PGlite, each ~1-4 ms on this shared machine). Plan: run the limit checks and the insert in one round trip (a single CTE), and cache the session lookup.',
  });
  report({
    figure: '#1 chat stream, 1 at a time: total time (median of 30)',
    baseline: `${round(directOne.totalMs, 1)} ms (fake model server directly)`,
    measured: `${round(genieOne.totalMs, 1)} ms through Genie (overhead ${round(totalOverhead, 1)} ms)`,
    ratio: round(genieOne.totalMs / directOne.totalMs),
    target: 'overhead < 5 ms',
    met: totalOverhead < 5,
    gap: 'After the last token Genie stores the reply, the interaction and feature events before sending `done`. Plan: send `done` first and store after (the reply is already stored as incomplete-safe), or batch the inserts into one statement.',
  });

  const directMany = await concurrent(direct);
  const genieMany = await concurrent(throughGenie);
  const manyRatio = genieMany.totalMs / directMany.totalMs;
  report({
    figure: `#1 chat stream, ${CONCURRENT} concurrent: total time (median)`,
    baseline: `${round(directMany.totalMs, 1)} ms (fake directly; first token ${round(directMany.firstTokenMs, 1)} ms)`,
    measured: `${round(genieMany.totalMs, 1)} ms through Genie (first token ${round(genieMany.firstTokenMs, 1)} ms)`,
    ratio: round(manyRatio),
    target: 'overhead < 10% (ratio < 1.10)',
    met: manyRatio < 1.1,
    gap: `${CONCURRENT} streams that start at the same instant queue their session checks and inserts behind one embedded database thread. Plan: fewer queries per chat (one CTE for the limits and the user message), a session cache, and PostgreSQL for this many concurrent users.`,
  });
} finally {
  genie.kill('SIGTERM');
  await genie.exited;
  await stop(fake.child);
  data.remove();
}
