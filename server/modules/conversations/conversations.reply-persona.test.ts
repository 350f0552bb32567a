import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 42: changing persona mid-conversation redrew earlier replies with the new persona's avatar. */
describe('a reply keeps the persona that wrote it', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
    ({ cookie } = await signUp(t.app));
  });
  afterAll(() => t.close());

  const chat = async (payload: Record<string, unknown>) => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload });
    expect(reply.statusCode).toBe(200);
    return reply.json() as { conversationId: string };
  };

  it('names each stored reply’s persona, and none on the user’s messages', async () => {
    const { conversationId } = await chat({ message: 'First question', character: 'gino' });
    await chat({ message: 'Second question', character: 'gina', conversationId });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: { cookie } })).json();
    expect(detail.conversation.persona).toBe('gina');
    expect(detail.messages.map((m: { role: string; persona?: string }) => [m.role, m.persona])).toEqual([
      ['user', undefined],
      ['assistant', 'gino'],
      ['user', undefined],
      ['assistant', 'gina'],
    ]);
  });
});
