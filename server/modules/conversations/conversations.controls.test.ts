import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Rename, pin and search (issue 18, item 4), on conversations made through POST /api/chat (offline). */
describe('conversation rename, pin and search', () => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  const clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));
  const ids: Record<string, string> = {};

  const post = async (cookie: string, message: string) => {
    clock.advance(60_000);
    const reply = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message } });
    expect(reply.statusCode).toBe(200);
    return reply.json().conversationId as string;
  };
  const get = (url: string, cookie = alice.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const patch = (id: string, payload: unknown, cookie = alice.cookie) =>
    t.app.inject({ method: 'PATCH', url: `/api/conversations/${id}`, headers: { cookie }, payload: payload as Record<string, unknown> });
  const titles = async (query = '') => ((await get(`/api/conversations${query}`)).json().conversations as { title: string }[]).map((c) => c.title);

  beforeAll(async () => {
    t = await createTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' }, deps: { clock } });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    ids.plants = await post(alice.cookie, 'Hi! Can you explain how photosynthesis works in plants?');
    ids.tax = await post(alice.cookie, 'Quarterly tax checklist');
    ids.html = await post(alice.cookie, 'Why does <b>bold</b> markup show photosynthesis here?');
    ids.bob = await post(bob.cookie, 'Bob also asks about photosynthesis');
  });
  afterAll(() => t.close());

  it('titles a conversation by the words of its first message, without the greeting', async () => {
    expect(await titles()).toEqual(['Why does <b>bold</b> markup show photosynthesis here?', 'Quarterly tax checklist', 'Explain how photosynthesis works in plants']);
  });

  it('renames, and pins to the top of the list, without changing the order of activity', async () => {
    const renamed = await patch(ids.tax!, { title: '  Taxes Q3  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: ids.tax, title: 'Taxes Q3', pinned: false });
    const pinned = await patch(ids.plants!, { pinned: true });
    expect(pinned.json()).toMatchObject({ title: 'Explain how photosynthesis works in plants', pinned: true });
    expect(await titles()).toEqual(['Explain how photosynthesis works in plants', 'Why does <b>bold</b> markup show photosynthesis here?', 'Taxes Q3']);
    // Pages continue across the pinned and the unpinned.
    const first = (await get('/api/conversations?limit=1')).json();
    const second = (await get(`/api/conversations?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.conversations.map((c: { id: string }) => c.id)).toEqual([ids.html, ids.tax]);
    await patch(ids.plants!, { pinned: false });
    expect(await titles()).toEqual(['Why does <b>bold</b> markup show photosynthesis here?', 'Taxes Q3', 'Explain how photosynthesis works in plants']);
  });

  it('refuses an empty or over-long title, an empty patch, and another user’s conversation', async () => {
    expect((await patch(ids.tax!, { title: '   ' })).json()).toEqual({ error: 'title: A title cannot be empty', code: 'invalid_input', field: 'title' });
    expect((await patch(ids.tax!, { title: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await patch(ids.tax!, {})).json()).toMatchObject({ code: 'invalid_input', error: 'title: Send a title, pinned or projectId' });
    expect((await patch(ids.tax!, { pinned: 'yes' })).statusCode).toBe(400);
    expect((await patch(ids.bob!, { title: 'mine now' })).statusCode).toBe(404);
    expect((await patch('00000000-0000-4000-8000-000000000000', { pinned: true })).statusCode).toBe(404);
    const bobs = (await get('/api/conversations', bob.cookie)).json().conversations;
    expect(bobs.map((c: { title: string; pinned: boolean }) => [c.title, c.pinned])).toEqual([['Bob also asks about photosynthesis', false]]);
  });

  it('searches titles and the user’s own message content, with highlighted snippets as plain text', async () => {
    const found = (await get('/api/conversations?search=photosynthesis')).json();
    expect(found.nextCursor).toBeNull();
    expect(found.conversations.map((c: { id: string }) => c.id)).toEqual([ids.html, ids.plants]);
    const snippet = found.conversations[0].snippet as { text: string; highlight: boolean }[];
    expect(snippet.filter((p) => p.highlight).map((p) => p.text)).toEqual(['photosynthesis']);
    // Markup in a message never comes back as markup (ts_headline drops tags; the client shows parts as text).
    expect(snippet.map((p) => p.text).join('')).toBe('does bold markup show photosynthesis here');
    // Stemmed: "plant" finds "plants"; a title matches by any part of it.
    expect(await titles('?search=plant')).toEqual(['Explain how photosynthesis works in plants']);
    expect(await titles('?search=Taxes%20Q')).toEqual(['Taxes Q3']);
    // LIKE's own characters match themselves only.
    expect(await titles('?search=%25')).toEqual([]);
    expect(await titles('?search=nothing-like-this')).toEqual([]);
    expect((await get(`/api/conversations?search=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });
});
