/**
 * Times a chat's two statements on an in-memory PGlite, apart from HTTP and the model: the start
 * (limits, conversation, the user's message) and the finish (reply, interaction, feature events,
 * the conversation's activity), `n` exchanges of one user in one conversation, and EXPLAIN ANALYZE
 * of the last of each; then the start through PGlite's `query` against a named statement, as the
 * server's database thread runs it. `npx tsx bench/profile/exchange-statements.ts [n]`.
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openMemoryPglite } from '../../server/db/pglite-memory';
import { NamedStatements } from '../../server/db/pglite-named-statements';
import { chatExchangeRepository as exchanges } from '../../server/modules/chat/chat-exchange.repository';
import { teamControlsRepository } from '../../server/modules/team-controls/team-controls.repository';

const n = Number(process.argv[2] ?? 300);
const database = await openMemoryPglite();
const { db } = database;
// The statements the repository ran, to EXPLAIN them at the end: runByShape sends its text and
// values through PGlite's `query` (Drizzle's prepared query), so they are caught there.
type Caught = { client: PGlite; text: string; params: unknown[] };
let capture: ((caught: Caught) => void) | null = null;
const query = PGlite.prototype.query;
PGlite.prototype.query = function caught(this: PGlite, text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) {
  if (!capture) return query.call(this, text, params, options);
  capture({ client: this, text, params: params ?? [] });
  throw new Error('captured');
} as PGlite['query'];
const captured = async (run: () => Promise<unknown>) => {
  let caught: Caught | undefined;
  capture = (c) => (caught = c);
  await run().catch(() => undefined);
  capture = null;
  return caught!;
};
const userId = randomUUID();
await db.execute(sql`insert into users (id, email, username, password_hash) values (${userId}::uuid, 'p@example.com', 'p', 'x')`);
const conversationId = randomUUID();
const limits = { minuteAgo: new Date(Date.now() - 60_000), dayStart: new Date(Date.now() - 3_600_000), perMinute: 1e6, allowance: 1e6, needsPromotion: false };
let startMs = 0;
let finishMs = 0;
for (let i = 0; i < n; i++) {
  const now = new Date();
  const conversation = { id: conversationId, existing: i > 0, title: 't', persona: 'default', mode: 'chat' };
  const messageId = randomUUID();
  let t = performance.now();
  await exchanges.startExchange(db, { userId, now, limits, conversation, message: { id: messageId, content: `question ${i} with some words in it`, attachments: null, parent: 'active' }, historyLimit: 0 });
  startMs += performance.now() - t;
  t = performance.now();
  await exchanges.finishExchange(db, {
    userId,
    conversation,
    reply: { id: randomUUID(), parentId: messageId, regenerated: false, content: Array.from({ length: 20 }, (_, k) => `token${k}`).join(' '), image: null, model: 'openai-compatible:fake-model', tokensIn: 10, tokensOut: 20, status: 'complete', createdAt: new Date(now.getTime() + 1) },
    responseTimeMs: 400,
    success: true,
    tokens: 30,
    features: [{ feature: 'chat', action: 'message' }],
    now: new Date(),
    usage: { row: { persona: 'default', model: 'openai-compatible:fake-model', tokensIn: 10, tokensOut: 20, estimated: false }, insert: teamControlsRepository.usageInsertCte },
  });
  finishMs += performance.now() - t;
}
console.log(`start ${(startMs / n).toFixed(2)} ms; finish ${(finishMs / n).toFixed(2)} ms (mean of ${n}, in-memory PGlite)`);
const nextId = randomUUID();
const conversation = { id: conversationId, existing: true, title: 't', persona: 'default', mode: 'chat' };
const lastStart = await captured(() =>
  exchanges.startExchange(db, { userId, now: new Date(), limits, conversation, message: { id: nextId, content: 'one more question', attachments: null, parent: 'active' }, historyLimit: 0 }),
);
const lastFinish = await captured(() =>
  exchanges.finishExchange(db, { userId, conversation, reply: { id: randomUUID(), parentId: nextId, regenerated: false, content: 'a reply', image: null, model: 'm', tokensIn: 1, tokensOut: 1, status: 'complete', createdAt: new Date() }, responseTimeMs: 1, success: true, tokens: 2, features: [{ feature: 'chat', action: 'message' }], now: new Date(), usage: { row: { persona: 'default', model: 'm', tokensIn: 1, tokensOut: 1, estimated: false }, insert: teamControlsRepository.usageInsertCte } }),
);
for (const [label, { client, text, params }] of [['start', lastStart], ['finish', lastFinish]] as const) {
  await client.query('begin');
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, summary, timing) ${text}`, params);
  await client.query('rollback');
  console.log(`\n${label}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
// The start statement as the server's database thread runs it (a named statement, parsed once:
// server/db/pglite-named-statements.ts) against PGlite's own query, alternated, with new ids.
{
  const { client, text, params } = lastStart;
  const named = new NamedStatements(client);
  const fresh = () => {
    const ids = new Map<unknown, string>();
    return params.map((p) => (typeof p === 'string' && /^[0-9a-f-]{36}$/.test(p) && p !== userId ? (ids.get(p) ?? ids.set(p, randomUUID()).get(p)) : p));
  };
  const ms = { query: [] as number[], named: [] as number[] };
  for (let round = 0; round < 6; round++) {
    let t = performance.now();
    for (let i = 0; i < 50; i++) await client.query(text, fresh());
    ms.query.push((performance.now() - t) / 50);
    t = performance.now();
    for (let i = 0; i < 50; i++) await named.run('start', text, fresh());
    ms.named.push((performance.now() - t) / 50);
  }
  const show = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  console.log(`\nstart, ms per statement in 6 alternated rounds of 50: query ${show(ms.query)}; named ${show(ms.named)}`);
}
const select1 = performance.now();
for (let i = 0; i < 200; i++) await db.execute(sql`select 1`);
console.log(`select 1: ${((performance.now() - select1) / 200).toFixed(2)} ms`);
await database.close();
