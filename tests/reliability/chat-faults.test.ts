import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-client';
import { startFakeModelServer, type FakeModelServer } from '../fakes/fake-model-server';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, postJson, signUpOverHttp } from './support/http';
import { openChatStream } from './support/chat-stream';

/**
 * Streamed chat replies under process faults: a SIGKILL in the middle of a reply keeps the user's
 * message and leaves no half reply passed off as complete; a SIGTERM lets streams in flight finish.
 */
const LONG_REPLY = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

/** Reads the messages table straight from the data directory (the server is not running). */
async function storedMessages(dataDir: string) {
  const client = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: PGLITE_EXTENSIONS });
  try {
    const result = await client.query<{ role: string; content: string; status: string }>(
      'select role, content, status from messages order by created_at, role desc',
    );
    return result.rows;
  } finally {
    await client.query('CHECKPOINT');
    await client.close();
  }
}

describe('chat under process faults', () => {
  let fake: FakeModelServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    env = {
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
      // Each fault is meant for one reply; a background title call would take the next one.
      GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
      GENIE_MODEL_TITLES: 'false',
      CHAT_RATE_LIMIT_PER_MINUTE: '100000',
      CHAT_DAILY_MESSAGES_FREE: '100000',
    };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('SIGKILL mid-reply: the user message is kept, no reply is stored as complete, the next chat works', async () => {
    const data = tempDir('genie-rel-chatkill-');
    try {
      fake.setBehaviour({ kind: 'slow', tokenDelayMs: 100, reply: LONG_REPLY });
      const genie = await startGenieProcess({ ...env, DATA_DIR: data.dir });
      const cookie = await signUpOverHttp(genie.url, newAccount('chatkill'));
      const stream = await openChatStream(genie.url, cookie, { message: 'keep this message' });
      await stream.firstDelta;
      genie.kill('SIGKILL');
      await genie.exited;
      await stream.ended;
      expect(stream.events.some((e) => e.event === 'done')).toBe(false);

      const rows = await storedMessages(data.dir);
      expect(rows.filter((r) => r.role === 'user')).toEqual([{ role: 'user', content: 'keep this message', status: 'complete' }]);
      expect(rows.filter((r) => r.role === 'assistant' && r.status === 'complete')).toEqual([]);

      fake.setBehaviour({ kind: 'normal' });
      const again = await startGenieProcess({ ...env, DATA_DIR: data.dir });
      try {
        const next = await postJson(`${again.url}/api/chat`, { message: 'are you back' }, { cookie });
        expect(next.status).toBe(200);
        expect(((await next.json()) as { content: string }).content).toBe('Fake reply to: are you back');
      } finally {
        expect((await stopGenie(again)).code).toBe(0);
      }
    } finally {
      data.remove();
    }
  });

  it('SIGTERM with streams in flight: every stream finishes with done, the replies are stored, exit 0', async () => {
    const data = tempDir('genie-rel-chatterm-');
    try {
      fake.setBehaviour({ kind: 'slow', tokenDelayMs: 25, reply: LONG_REPLY });
      const genie = await startGenieProcess({ ...env, DATA_DIR: data.dir });
      const cookie = await signUpOverHttp(genie.url, newAccount('chatterm'));
      const streams = await Promise.all(Array.from({ length: 5 }, (_, i) => openChatStream(genie.url, cookie, { message: `stream ${i}` })));
      await Promise.all(streams.map((s) => s.firstDelta));
      genie.kill('SIGTERM');
      await Promise.all(streams.map((s) => s.ended));
      for (const stream of streams) {
        const done = stream.events.at(-1);
        expect(done?.event).toBe('done');
        expect((done?.data as { content: string }).content).toBe(LONG_REPLY);
      }
      expect(await genie.exited).toEqual({ code: 0, signal: null });

      const rows = await storedMessages(data.dir);
      expect(rows.filter((r) => r.role === 'assistant').map((r) => [r.content, r.status])).toEqual(
        streams.map(() => [LONG_REPLY, 'complete']),
      );
    } finally {
      data.remove();
    }
  });
});
