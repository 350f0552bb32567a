import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEGAL_DISCLAIMER } from '../../adapters/llm/prompts';
import { interactions, messages, featureEvents } from '../../db/schema/chat';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { fakeProviderEnv, minimalPdf, storeUserFile } from '../../../tests/fakes/chat-helpers';
import { parseSse } from '../../../tests/support/sse';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { setTeamPlan } from '../../../tests/support/teams';

/** POST /api/chat against a real OpenAI-compatible peer (the fake model server on loopback). */
describe('chat through a model provider', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let cookie: string;
  let userId: string;
  const storeDir = mkdtempSync(join(tmpdir(), 'genie-chat-routes-store-'));
  const store = new LocalDiskStore(storeDir);

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({
      env: fakeProviderEnv(fake.url, { MODEL_TIMEOUT_MS: '1500', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }),
      deps: { objectStore: store },
    });
    ({ cookie, user: { id: userId } } = await signUp(t.app));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(storeDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const chat = (payload: Record<string, unknown>, stream = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie, ...(stream ? { accept: 'text/event-stream' } : {}) },
      payload,
    });

  it('serves the four personas with the model each uses now', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect(response.statusCode).toBe(200);
    const personas = response.json().personas as { id: string; name: string; model: string; modelName: string; offline: boolean }[];
    expect(personas.map((p) => [p.id, p.name, p.model, p.modelName, p.offline])).toEqual([
      ['default', 'GENIE', 'openai-compatible:fake-model', 'Fake Model', false],
      ['gino', 'Gino', 'openai-compatible:fake-model', 'Fake Model', false],
      ['gina', 'Gina', 'openai-compatible:fake-model', 'Fake Model', false],
      ['g', 'G', 'openai-compatible:fake-model', 'Fake Model', false],
    ]);
  });

  it('answers JSON with the reply, and the provider receives the system prompt and the history', async () => {
    const response = await chat({
      message: 'What is a DPA?',
      messages: [
        { role: 'user', content: 'Hello Gino' },
        { role: 'assistant', content: 'Good morning. What are we solving?' },
      ],
      character: 'gino',
      mode: 'chat',
      generateImage: false,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ content: 'Fake reply to: What is a DPA?', image: null });
    expect(body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.messageId).toMatch(/^[0-9a-f-]{36}$/);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!.body!;
    expect(sent.model).toBe('fake-model');
    expect(sent.stream).toBe(true);
    expect(sent.messages!.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent.messages![0]!.content).toContain('You are Gino, "The Professional Strategist"');
    expect(sent.messages!.slice(1).map((m) => m.content)).toEqual([
      'Hello Gino',
      'Good morning. What are we solving?',
      'What is a DPA?',
    ]);

    const stored = await t.database.db.select().from(messages).where(eq(messages.conversationId, body.conversationId));
    expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'What is a DPA?', 'complete'],
      ['assistant', 'Fake reply to: What is a DPA?', 'complete'],
    ]);
    const assistant = stored.find((m) => m.role === 'assistant')!;
    expect(assistant.model).toBe('openai-compatible:fake-model');
    expect(assistant.tokensOut).toBe(7);
    const [interaction] = await t.database.db.select().from(interactions).where(eq(interactions.messageId, body.messageId));
    expect(interaction).toMatchObject({ persona: 'gino', mode: 'chat', success: true, userId });
    // The time the answer reports is the one stored with the reply and counted for the admin.
    expect([body.responseTime, interaction!.responseTimeMs]).toEqual([assistant.responseTimeMs, assistant.responseTimeMs]);
    expect(Number.isInteger(body.responseTime)).toBe(true);
  });

  it('streams SSE deltas token by token, then done with the same fields', async () => {
    const response = await chat({ message: 'stream this please', character: 'gina' }, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = parseSse(response.body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas).toEqual(['Fake', ' reply', ' to:', ' stream', ' this', ' please']);
    const last = events[events.length - 1]!;
    expect(last.event).toBe('done');
    expect(last.data).toMatchObject({ content: 'Fake reply to: stream this please', image: null });
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);
  });

  it('continues a stored conversation, sending its history when the client sends none', async () => {
    const first = (await chat({ message: 'first question', character: 'g' })).json();
    fake.requests.length = 0;
    const second = await chat({ message: 'second question', character: 'g', conversationId: first.conversationId });
    expect(second.json().conversationId).toBe(first.conversationId);
    expect(fake.requests[0]!.body!.messages!.slice(1).map((m) => m.content)).toEqual([
      'first question',
      'Fake reply to: first question',
      'second question',
    ]);
  });

  it('answers a provider 500 with 502 and records a failed interaction, in JSON and before a stream starts', async () => {
    fake.setBehaviour({ kind: 'status', status: 500 });
    const before = (await t.database.db.select().from(interactions).where(eq(interactions.success, false))).length;
    const json = await chat({ message: 'fail please' });
    expect(json.statusCode).toBe(502);
    expect(json.json()).toEqual({
      error: 'The model provider could not answer (HTTP 500). Please try again.',
      code: 'provider_failed',
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
    });
    const streamed = await chat({ message: 'fail please' }, true);
    expect(streamed.statusCode).toBe(502);
    expect(streamed.json().code).toBe('provider_failed');
    const failed = await t.database.db.select().from(interactions).where(eq(interactions.success, false));
    expect(failed.length - before).toBe(2);
    expect(failed.every((row) => row.messageId === null)).toBe(true);
  });

  it('keeps the message the provider fails before its first token, marked failed, for Retry: it costs no allowance', async () => {
    const first = (await chat({ message: 'start a conversation' })).json();
    fake.setBehaviour({ kind: 'status', status: 500 });
    const fresh = await chat({ message: 'new conversation, failing' }, true);
    expect(fresh.statusCode).toBe(502);
    const same = await chat({ message: 'same conversation, failing', conversationId: first.conversationId });
    expect(same.statusCode).toBe(502);
    expect(same.json().conversationId).toBe(first.conversationId);
    const kept = await t.database.db
      .select({ id: messages.id, content: messages.content, status: messages.status, conversationId: messages.conversationId })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.status, 'failed'), eq(messages.role, 'user')));
    // (The earlier test's "fail please" messages are kept as failed too.)
    expect(kept.map((m) => m.content).filter((c) => c.endsWith(', failing')).sort()).toEqual(['new conversation, failing', 'same conversation, failing']);
    expect(kept.find((m) => m.content === 'new conversation, failing')).toMatchObject({
      id: fresh.json().userMessageId,
      conversationId: fresh.json().conversationId,
    });
    // Survives a reload: the conversation shows it last, with its failure.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/conversations/${fresh.json().conversationId}`, headers: { cookie } })).json();
    expect(detail.messages.map((m: { content: string; status: string }) => [m.content, m.status])).toEqual([['new conversation, failing', 'failed']]);
  });

  it('answers a provider 429 with 502 saying the provider is busy', async () => {
    fake.setBehaviour({ kind: 'status', status: 429 });
    const response = await chat({ message: 'busy?' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('The model provider is busy right now (rate limited). Please try again in a minute.');
  });

  it('turns a malformed stream into an SSE error event after the first delta, and stores the reply as failed', async () => {
    fake.setBehaviour({ kind: 'malformed' });
    const response = await chat({ message: 'break the stream' }, true);
    expect(response.statusCode).toBe(200);
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(events[1]!.data).toEqual({
      error: 'The model provider sent a reply Genie could not read. Please try again.',
      code: 'provider_failed',
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
    });
    const [assistant] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.content, 'Fake'));
    expect(assistant).toMatchObject({ role: 'assistant', status: 'failed' });
    const [interaction] = await t.database.db.select().from(interactions).where(eq(interactions.messageId, assistant!.id));
    expect(interaction!.success).toBe(false);
  });

  it('turns a connection the provider cuts mid-stream into an SSE error event', async () => {
    fake.setBehaviour({ kind: 'cut' });
    const response = await chat({ message: 'cut me off' }, true);
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(events[1]!.data).toEqual({
      error: "The model provider's reply was cut off. Please try again.",
      code: 'provider_failed',
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
    });
  });

  it('cuts a provider that hangs after MODEL_TIMEOUT_MS with a 502', async () => {
    fake.setBehaviour({ kind: 'hang' });
    const response = await chat({ message: 'are you there?' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'The model provider did not answer within 1.5 seconds. Please try again.',
      code: 'provider_failed',
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
    });
  });

  it('sends the dictionary prompt grounded in the WordNet entry', async () => {
    const response = await chat({ message: 'define serendipity', mode: 'dictionary' });
    expect(response.statusCode).toBe(200);
    const system = fake.requests[0]!.body!.messages![0]!.content as string;
    expect(system).toContain('You are in DICTIONARY mode.');
    expect(system).toContain('good luck in making unexpected and fortunate discoveries');
    const events = await t.database.db.select().from(featureEvents).where(eq(featureEvents.feature, 'dictionary'));
    expect(events.map((e) => e.action)).toEqual(['message']);
  });

  it('stores thumbs on the assistant message and its interaction', async () => {
    const reply = (await chat({ message: 'rate me' })).json();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/feedback',
      headers: { cookie },
      payload: { messageId: reply.messageId, feedback: 'negative' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ messageId: reply.messageId, feedback: 'negative' });
    const [message] = await t.database.db.select().from(messages).where(eq(messages.id, reply.messageId));
    expect(message!.feedback).toBe('negative');
    const [interaction] = await t.database.db.select().from(interactions).where(eq(interactions.messageId, reply.messageId));
    expect(interaction!.feedback).toBe('negative');

    const other = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/chat/feedback',
      headers: { cookie: other.cookie },
      payload: { messageId: reply.messageId, feedback: 'positive' },
    });
    expect(foreign.statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/chat/feedback',
      headers: { cookie },
      payload: { messageId: reply.messageId, feedback: 'meh' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('feedback');
  });

  it('appends the not-legal-advice line in law mode for a premium user', async () => {
    await setTeamPlan(t.database.db, userId, { premiumUntil: new Date(Date.now() + 86_400_000), plan: 'pro' });
    t.userDataChanges.changed(); // a direct write: the payment and promotion services announce theirs themselves
    const response = await chat({ message: 'Can my landlord keep my deposit in Ontario?', mode: 'law' });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toBe(`Fake reply to: Can my landlord keep my deposit in Ontario?\n\n${LEGAL_DISCLAIMER}`);
    expect(fake.requests[0]!.body!.messages![0]!.content).toContain('You are in LEGAL mode.');
    await setTeamPlan(t.database.db, userId, { premiumUntil: null, plan: null });
    t.userDataChanges.changed(); // a direct write: the payment and promotion services announce theirs themselves
  });
  it('holds a streamed conversation with every persona in every mode with a PDF attached', async () => {
    await setTeamPlan(t.database.db, userId, { premiumUntil: new Date(Date.now() + 86_400_000), plan: 'pro' });
    t.userDataChanges.changed(); // a direct write: the payment and promotion services announce theirs themselves
    const pdf = await storeUserFile(t.database.db, store, userId, {
      name: 'brief.pdf',
      type: 'application/pdf',
      bytes: minimalPdf(['Project brief', 'The client wants a launch plan by June.']),
    });
    const attachments = [{ url: `/api/files/${pdf.id}/download`, name: 'brief.pdf', type: 'application/pdf', size: pdf.size }];
    for (const character of ['default', 'gino', 'gina', 'g']) {
      let conversationId: string | undefined;
      for (const mode of ['chat', 'dictionary', 'law']) {
        fake.requests.length = 0;
        const response = await chat({ message: `plan ${mode}`, character, mode, attachments, conversationId }, true);
        const events = parseSse(response.body);
        const done = events.at(-1)!;
        expect(done.event).toBe('done');
        const expected = `Fake reply to: plan ${mode}\n\nAttached file "brief.pdf"`;
        expect((done.data.content as string).startsWith(expected)).toBe(true);
        expect((done.data.content as string).endsWith(mode === 'law' ? LEGAL_DISCLAIMER : '>>>')).toBe(true);
        expect(fake.requests[0]!.body!.messages!.at(-1)!.content).toContain('The client wants a launch plan by June.');
        conversationId ??= done.data.conversationId as string;
        expect(done.data.conversationId).toBe(conversationId);
      }
    }
    await setTeamPlan(t.database.db, userId, { premiumUntil: null, plan: null });
    t.userDataChanges.changed(); // a direct write: the payment and promotion services announce theirs themselves
  });
});
