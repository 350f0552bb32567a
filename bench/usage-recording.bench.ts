/**
 * Issue 43: what recording usage on every model call costs a chat. The same streamed chat
 * (POST /api/chat, SSE, fake OpenAI-compatible model server on loopback) through two Genies built
 * alike in this process on in-memory PGlite, one recording each call's tokens in model_usage (as
 * Genie always does) and one with the recording turned off (`usageRecording: false`, the only
 * difference). Each Genie's budget check before the call is the same on both sides.
 *
 * The figure is the time to first token of back-to-back chats (no pause: a recording still being
 * written would delay the next chat's first token, which is what a person sending again would
 * feel), timed in alternation (bench/lib/alternate.ts): each round is the median of CHATS chats on
 * each side. Target: under 0.5 ms of first-token overhead. The row goes with the reply's own
 * finish statement; written as a statement of its own after `done`, the next chat waited for it and
 * paid 0.8-1.5 ms (results.md, 2026-11-28 15:53).
 *
 * Run: npm run bench -- usage-recording
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openMemoryPglite } from '../server/db/pglite-memory';
import { startFakeModelServer } from '../tests/fakes/fake-model-server';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { alternate, showSpread } from './lib/alternate';
import { median, report, round } from './lib/report';
import { timeStream } from './lib/streams';

const ROUNDS = 24;
const CHATS = 15;

const fake = await startFakeModelServer();

async function genie(usageRecording: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'genie-bench-usage-'));
  const database = await openMemoryPglite();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_DAILY_MESSAGES_FREE: '100000',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fake.url,
    GENIE_MODEL_DEFAULT: 'openai:gpt-4o-mini',
    GENIE_MODEL_TITLES: 'false',
    MODEL_PRICE_DEFAULT: '0.15,0.60',
  });
  const app = await buildApp({ config, database, sessionSecret: 'bench-secret-that-is-long-enough-to-pass', logger: false, ensureFirstAdmin: false, mailer: null, usageRecording });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cookie = await signUpOverHttp(url, newAccount(usageRecording ? 'rec' : 'off'));
  const chat = () =>
    timeStream(
      `${url}/api/chat`,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie, origin: url }, body: JSON.stringify({ message: 'hello' }) },
      (message) => message.event === 'delta',
    );
  const rows = async () => ((await database.db.execute('select count(*)::int as n from model_usage')) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  return {
    chat,
    rows,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const recording = await genie(true);
const without = await genie(false);
const firstTokens = async (side: typeof recording) => {
  const values: number[] = [];
  for (let i = 0; i < CHATS; i++) values.push((await side.chat()).firstTokenMs);
  return median(values);
};

const result = await alternate({ rounds: ROUNDS, warmup: 2, baseline: () => firstTokens(without), measured: () => firstTokens(recording) });
const overheads = result.measured.values.map((m, i) => m - result.baseline.values[i]!);
const overhead = { median: median(overheads), min: Math.min(...overheads), max: Math.max(...overheads), values: overheads };
const [recorded, notRecorded] = [await recording.rows(), await without.rows()];
console.log(
  JSON.stringify({
    bench: 'usage-recording',
    rounds: ROUNDS,
    chatsPerRound: CHATS,
    firstTokenWithout: showSpread(result.baseline, 'ms', 2),
    firstTokenRecording: showSpread(result.measured, 'ms', 2),
    overheadMs: showSpread(overhead, 'ms', 2),
    ratio: showSpread(result.ratio, '', 3),
    met: overhead.median < 0.5,
    rowsRecorded: recorded,
    rowsWithout: notRecorded,
    load: result.load,
  }),
);
report({
  figure: 'Team usage (issue 43): first-token overhead of recording every model call, back-to-back chats',
  baseline: `the same chats with recording off: first token ${showSpread(result.baseline, 'ms', 2)} (median of ${CHATS} chats a round, ${ROUNDS} alternated rounds)`,
  measured: `recording: ${showSpread(result.measured, 'ms', 2)}; overhead per round ${showSpread(overhead, 'ms', 2)}; ${recorded} rows recorded, ${notRecorded} without`,
  ratio: round(result.ratio.median, 3),
  target: 'overhead < 0.5 ms',
  met: overhead.median < 0.5 && recorded > 0 && notRecorded === 0,
  gap: 'Recording costs the next chat its first token: look for a statement of its own after the reply (the row belongs in the finish statement: teamControlsRepository.usageInsertCte).',
});
await recording.close();
await without.close();
await fake.close();
