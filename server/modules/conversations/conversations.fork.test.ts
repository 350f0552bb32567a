import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/chat';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { forkTitle } from './conversations.service';

/** Issue 42: "Branch into a new chat" from any message (POST /api/conversations/:id/fork). */

type Person = Awaited<ReturnType<typeof signUp>>;
interface Shown {
  id: string;
  role: string;
  content: string;
  attachments?: unknown;
  citations?: unknown;
  toolCalls?: unknown;
}

const attachment = { url: '/api/files/00000000-0000-4000-8000-000000000001/download', name: 'plan.pdf', type: 'application/pdf', size: 1234 };
const toolCall = { id: 'call_1', server: 'files', tool: 'read_file', arguments: '{"path":"plan.txt"}', status: 'done' as const, result: 'The plan' };
const citation = { n: 1, fileId: '00000000-0000-4000-8000-000000000001', fileName: 'plan.pdf', page: 3, snippet: 'The plan, page 3' };

describe('branching into a new chat', () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let original: string;
  let shown: Shown[];

  beforeAll(async () => {
    t = await createTestApp({ env: { CHAT_DAILY_MESSAGES_FREE: '4', CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    const first = await call('POST', '/api/chat', alice, { message: 'First question' });
    original = first.json().conversationId as string;
    for (const message of ['Second question', 'Third question']) await call('POST', '/api/chat', alice, { message, conversationId: original, messages: [] });
    shown = (await call('GET', `/api/conversations/${original}`, alice)).json().messages;
    // What an attached file and a reply from "Search my files" leave on the stored messages.
    await t.database.db.update(messages).set({ attachments: [attachment] }).where(eq(messages.id, shown[2]!.id));
    await t.database.db.update(messages).set({ citations: [citation], toolCalls: [toolCall] }).where(eq(messages.id, shown[3]!.id));
  }, 120_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });

  it('copies the conversation up to the chosen reply into a new conversation, attachments and citations kept, the original unchanged', async () => {
    const forked = await call('POST', `/api/conversations/${original}/fork`, alice, { messageId: shown[3]!.id });
    expect(forked.statusCode).toBe(201);
    const fork = forked.json() as { id: string; title: string; messageCount: number };
    expect(fork.id).not.toBe(original);
    expect(fork).toMatchObject({ title: 'First question (branch)', messageCount: 4, shared: null });

    const copy = (await call('GET', `/api/conversations/${fork.id}`, alice)).json().messages as Shown[];
    expect(copy.map((m) => [m.role, m.content])).toEqual(shown.slice(0, 4).map((m) => [m.role, m.content]));
    expect(copy[2]!.attachments).toEqual([attachment]);
    expect(copy[3]!.citations).toEqual([citation]);
    // The tools the reply called (issue 40) come with it.
    expect(copy[3]!.toolCalls).toEqual([toolCall]);
    expect(copy.map((m) => m.id).filter((id) => shown.some((s) => s.id === id))).toEqual([]);
    expect((await call('GET', `/api/conversations/${original}`, alice)).json().messages).toHaveLength(6);
    // The list shows it as a conversation of its own.
    const listed = (await call('GET', '/api/conversations', alice)).json().conversations.map((c: { id: string }) => c.id);
    expect(listed).toContain(fork.id);
  });

  it('ends a branch made from a question with that question, and answers it on Retry', async () => {
    const fork = (await call('POST', `/api/conversations/${original}/fork`, alice, { messageId: shown[0]!.id })).json() as { id: string; messageCount: number };
    expect(fork.messageCount).toBe(1);
    const copy = (await call('GET', `/api/conversations/${fork.id}`, alice)).json().messages as Shown[];
    expect(copy.map((m) => [m.role, m.content])).toEqual([['user', 'First question']]);
    const retried = await call('POST', '/api/chat', alice, { conversationId: fork.id, regenerate: true });
    expect(retried.statusCode).toBe(200);
    const answered = (await call('GET', `/api/conversations/${fork.id}`, alice)).json().messages as Shown[];
    expect(answered.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('goes on from the branch: the next message follows the chosen one, and the copies cost no allowance', async () => {
    // Three questions of an allowance of 4 are used; the branch's two copied questions do not count.
    const fork = (await call('POST', `/api/conversations/${original}/fork`, alice, { messageId: shown[1]!.id })).json() as { id: string };
    const next = await call('POST', '/api/chat', alice, { message: 'A different second question', conversationId: fork.id, messages: [] });
    expect(next.statusCode).toBe(200);
    const copy = (await call('GET', `/api/conversations/${fork.id}`, alice)).json().messages as Shown[];
    expect(copy.map((m) => m.content).slice(0, 3)).toEqual(['First question', shown[1]!.content, 'A different second question']);
    expect(copy).toHaveLength(4);
    expect((await call('POST', '/api/chat', alice, { message: 'Over the allowance', conversationId: fork.id, messages: [] })).statusCode).toBe(429);
  });

  it('is 404 for another user’s conversation, an unknown message, and a message of another conversation', async () => {
    expect((await call('POST', `/api/conversations/${original}/fork`, bob, { messageId: shown[1]!.id })).statusCode).toBe(404);
    const unknown = await call('POST', `/api/conversations/${original}/fork`, alice, { messageId: '00000000-0000-4000-8000-000000000009' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    const bobs = (await call('POST', '/api/chat', bob, { message: 'Bob asks' })).json() as { conversationId: string; messageId: string };
    expect((await call('POST', `/api/conversations/${original}/fork`, alice, { messageId: bobs.messageId })).statusCode).toBe(404);
    const bad = await call('POST', `/api/conversations/${original}/fork`, alice, { messageId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'messageId: messageId must be a message id', field: 'messageId' });
  });

  it('keeps a branch’s title within the title limit', () => {
    expect(forkTitle('Plan')).toBe('Plan (branch)');
    const long = forkTitle('x'.repeat(120));
    expect(long).toHaveLength(120);
    expect(long.endsWith('… (branch)')).toBe(true);
  });
});
