import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** GET/DELETE /api/conversations and the export, on conversations made through POST /api/chat (offline). */
describe('conversations', () => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  const clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' }, deps: { clock } });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    for (const word of ['apple', 'banana', 'cherry']) {
      clock.advance(60_000);
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { cookie: alice.cookie },
        payload: { message: word, mode: 'dictionary', character: 'gino' },
      });
      ids.push(reply.json().conversationId);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = alice.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('lists the user’s conversations newest first, a page at a time', async () => {
    const first = await get('/api/conversations?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.conversations.map((c: { title: string }) => c.title)).toEqual(['cherry', 'banana']);
    expect(page1.conversations[0]).toMatchObject({ id: ids[2], persona: 'gino', mode: 'dictionary', messageCount: 2 });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await get(`/api/conversations?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.conversations.map((c: { title: string }) => c.title)).toEqual(['apple']);
    expect(page2.nextCursor).toBeNull();
    expect((await get('/api/conversations', bob.cookie)).json()).toEqual({ conversations: [], nextCursor: null });
  });

  it.each([
    ['/api/conversations?limit=0', 'limit'],
    ['/api/conversations?limit=abc', 'limit'],
    ['/api/conversations?cursor=garbage', 'cursor'],
  ])('answers %s with 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });

  it('shows one conversation with its messages in order', async () => {
    const detail = (await get(`/api/conversations/${ids[0]}`)).json();
    expect(detail.conversation.title).toBe('apple');
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(detail.messages[0]).toMatchObject({ content: 'apple', status: 'complete', timestamp: '2026-04-01T09:01:00.000Z' });
    expect(detail.messages[1].content).toContain('## apple');
    expect(detail.messages[1].responseTime).toEqual(expect.any(Number));
  });

  it('exports as Markdown and as JSON', async () => {
    const md = await get(`/api/conversations/${ids[1]}/export?format=md`);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toBe(`attachment; filename="genie-conversation-${ids[1]!.slice(0, 8)}.md"`);
    expect(md.body.startsWith('# banana\n\n_🧠 Gino · dictionary mode · started 2026-04-01T09:02:00.000Z_\n\n---\n\n**You** (2026-04-01T09:02:00.000Z)\n\nbanana\n')).toBe(true);
    const json = await get(`/api/conversations/${ids[1]}/export?format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.body).messages).toHaveLength(2);
    expect((await get(`/api/conversations/${ids[1]}/export?format=pdf`)).statusCode).toBe(400);
  });

  it('hides another user’s conversation (404) and refuses a malformed id (400)', async () => {
    expect((await get(`/api/conversations/${ids[0]}`, bob.cookie)).statusCode).toBe(404);
    expect((await get(`/api/conversations/${ids[0]}/export`, bob.cookie)).statusCode).toBe(404);
    const foreignDelete = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${ids[0]}`, headers: { cookie: bob.cookie } });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await get('/api/conversations/not-an-id')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
  });

  it('deletes a conversation with its messages', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${ids[2]}`, headers: { cookie: alice.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await get(`/api/conversations/${ids[2]}`)).statusCode).toBe(404);
    expect((await get('/api/conversations')).json().conversations).toHaveLength(2);
  });
});
