import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../support/sse';
import { startFakeModelServer, type FakeModelServer } from '../fakes/fake-model-server';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, signUpOverHttp } from './support/http';
import { createScratchDatabase } from './support/postgres';

/**
 * Issue 47: a reply whose `done` reached the client must survive a crash. Streamed chats run from
 * several clients at once; the server is SIGKILLed, alternately at a random moment after the
 * round's first `done` and the instant a `done` arrives (the moment a reply stored after its `done`
 * is lost), then restarted. Every
 * reply whose `done` arrived is read back by its messageId, with the text the client was sent.
 */

const ROUNDS = 3;
const WRITERS = 6;

interface Acknowledged {
  cookie: string;
  conversationId: string;
  messageId: string;
  content: string;
}

/** One streamed chat; calls `onDone` synchronously with the `done` event's data when it arrives. */
async function streamedChat(baseUrl: string, cookie: string, message: string, onDone: (done: Record<string, unknown>) => void) {
  const response = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
    body: JSON.stringify({ message }),
  });
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  for await (const { event, data } of readSse(response.body!)) {
    if (event === 'done') onDone(JSON.parse(data) as Record<string, unknown>);
  }
}

describe.each([
  { database: 'PGlite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('streamed replies under SIGKILL on $database', ({ postgres }) => {
  let fake: FakeModelServer;
  const data = tempDir('genie-rel-durable-');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    // Short replies, streamed: many `done` events a second, each racing the kill.
    fake.setBehaviour({ kind: 'slow', tokenDelayMs: 1, reply: 'one two three four five' });
    scratch = postgres ? await createScratchDatabase() : null;
    env = {
      DATA_DIR: data.dir,
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
      GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
      GENIE_MODEL_TITLES: 'false',
      CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
      CHAT_DAILY_MESSAGES_FREE: '1000000',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
  });
  afterAll(async () => {
    await fake?.close();
    await scratch?.drop();
    data.remove();
  });

  it(`keeps every reply whose done arrived, across ${ROUNDS} kills`, async () => {
    const acknowledged: Acknowledged[] = [];
    let cookies: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const genie = await startGenieProcess(env);
      if (round === 0) cookies = await Promise.all(Array.from({ length: WRITERS }, () => signUpOverHttp(genie.url, newAccount('durable'))));
      // Even rounds: killed the instant the n-th `done` of the round arrives. Odd rounds: at a random
      // moment after the first (counted from a `done`, not the start, so a slow machine still has chats in flight).
      const killAtDone = round % 2 === 0 ? 2 + Math.floor(Math.random() * 20) : Infinity;
      let dones = 0;
      let killed = false;
      let timer: NodeJS.Timeout | undefined;
      const kill = () => {
        if (killed) return;
        killed = true;
        genie.kill('SIGKILL');
      };
      const writer = async (cookie: string, w: number) => {
        for (let n = 0; !killed; n++) {
          try {
            await streamedChat(genie.url, cookie, `round ${round} writer ${w} chat ${n}`, (done) => {
              acknowledged.push({ cookie, conversationId: String(done.conversationId), messageId: String(done.messageId), content: String(done.content) });
              if (++dones >= killAtDone) kill();
              else if (dones === 1 && killAtDone === Infinity) timer = setTimeout(kill, Math.random() * 1000);
            });
          } catch {
            return; // killed under this chat: its outcome is unknown, so nothing is expected of it
          }
        }
      };
      const writers = Promise.all(cookies.map((cookie, w) => writer(cookie, w)));
      await writers;
      clearTimeout(timer);
      kill();
      expect((await genie.exited).signal).toBe('SIGKILL');
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS);

    const genie = await startGenieProcess(env);
    try {
      const missing: Acknowledged[] = [];
      for (const reply of acknowledged) {
        const response = await fetch(`${genie.url}/api/conversations/${reply.conversationId}`, { headers: { cookie: reply.cookie } });
        const detail = response.status === 200 ? ((await response.json()) as { messages: { id: string; role: string; content: string }[] }) : { messages: [] };
        const stored = detail.messages.find((m) => m.id === reply.messageId);
        if (!stored || stored.role !== 'assistant' || stored.content !== reply.content) missing.push(reply);
      }
      expect(missing).toEqual([]);
    } finally {
      expect((await stopGenie(genie)).code).toBe(0);
    }
  });
});
