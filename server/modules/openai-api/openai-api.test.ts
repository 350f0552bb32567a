import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPersona } from '@contract/personas';
import { conversations, interactions } from '../../db/schema/chat';
import { systemPrompt } from '../../adapters/llm/prompts';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 40: the OpenAI-compatible API, driven by the official `openai` client against the app on
 * a loopback port, with the fake model server behind it. Completions are chats of the key's user:
 * stored, counted and limited like the browser's.
 */
describe('OpenAI-compatible API at /v1', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let baseURL: string;
  const RATE = 4;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { CHAT_RATE_LIMIT_PER_MINUTE: String(RATE) }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function personWithKey() {
    const person = await signUp(t.app);
    const made = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: person.cookie }, payload: { name: 'test' } });
    const key = made.json().key as string;
    // No retries: a 429 would otherwise be retried after its retry-after.
    return { ...person, key, keyId: made.json().id as string, client: new OpenAI({ apiKey: key, baseURL, maxRetries: 0 }) };
  }

  it('lists the personas as models, in OpenAI\'s list shape', async () => {
    const { client } = await personWithKey();
    const models = await client.models.list();
    expect(models.data.map((m) => [m.id, m.object, m.owned_by])).toEqual([
      ['default', 'model', 'genie'],
      ['gino', 'model', 'genie'],
      ['gina', 'model', 'genie'],
      ['g', 'model', 'genie'],
    ]);
    expect((await client.models.retrieve('gina')).id).toBe('gina');
  });

  it("answers through the persona's model and prompt, stored and counted as a chat", async () => {
    const { client, user } = await personWithKey();
    const before = fake.requests.length;
    const completion = await client.chat.completions.create({
      model: 'gino',
      messages: [
        { role: 'system', content: 'You are a pirate.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'What is a lemma?' },
      ],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gino');
    expect(completion.choices).toEqual([{ index: 0, message: { role: 'assistant', content: 'Fake reply to: What is a lemma?', refusal: null }, finish_reason: 'stop', logprobs: null }]);

    const sent = fake.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'))!.body!.messages!;
    expect(sent[0]).toEqual({ role: 'system', content: systemPrompt(getPersona('gino'), 'chat') });
    expect(sent.slice(1)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'What is a lemma?' },
    ]);

    const conversationId = (completion as unknown as { conversation_id: string }).conversation_id;
    const [stored] = await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(stored).toMatchObject({ userId: user.id, persona: 'gino', mode: 'chat' });
    const counted = await t.database.db.select().from(interactions).where(eq(interactions.userId, user.id));
    expect(counted.map((i) => [i.persona, i.success])).toEqual([['gino', true]]);
  });

  it('streams OpenAI chunks ending in a finish_reason and [DONE]', async () => {
    const { client, key } = await personWithKey();
    const stream = await client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'one two three' }], stream: true });
    let text = '';
    const finishes: (string | null)[] = [];
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finishes.push(chunk.choices[0]?.finish_reason ?? null);
    }
    expect(text).toBe('Fake reply to: one two three');
    expect(finishes.at(-1)).toBe('stop');
    expect(finishes.slice(0, -1).every((f) => f === null)).toBe(true);

    const raw = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'default', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect((await raw.text()).endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('answers dictionary mode through the extra `mode` field, and refuses law mode to a free user (403)', async () => {
    const { client } = await personWithKey();
    const before = fake.requests.length;
    await client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'serendipity' }], mode: 'dictionary' } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    const sent = fake.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'))!.body!.messages!;
    // Dictionary mode: the word's WordNet entry is given to the model, as in the browser.
    expect(sent[0]!.content).toContain('WordNet entry:\n## serendipity');

    const law = client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'Can I sue?' }], mode: 'law' } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    await expect(law).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
    await expect(law).rejects.toMatchObject({ status: 403, code: 'premium_required', type: 'permission_error' });
  });

  it('raises AuthenticationError for a bad, missing or revoked key', async () => {
    const wrong = new OpenAI({ apiKey: 'gk_notakeyatall', baseURL, maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const missing = await fetch(`${baseURL}/models`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { message: 'Send your Genie API key as "Authorization: Bearer <key>". Make one under Profile → Security.', type: 'authentication_error', param: null, code: 'invalid_api_key' },
    });

    const { client, cookie, keyId } = await personWithKey();
    await client.models.list();
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${keyId}`, headers: { cookie } });
    const revoked = client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'hi' }] });
    await expect(revoked).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(revoked).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('raises BadRequestError naming the field, and NotFoundError for an unknown model', async () => {
    const { client } = await personWithKey();
    const lastNotUser = client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }] });
    await expect(lastNotUser).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(lastNotUser).rejects.toMatchObject({ status: 400, param: 'messages', type: 'invalid_request_error' });

    const tooLong = client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'x'.repeat(20_001) }] });
    await expect(tooLong).rejects.toMatchObject({ status: 400, param: 'messages[0].content', message: '400 messages[0].content: A message may be at most 20000 characters' });

    const image = client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }] });
    await expect(image).rejects.toMatchObject({ status: 400, param: 'messages[0].content[0].type' });

    const noMessages = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await personWithKey()).key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'default' }),
    });
    expect(noMessages.status).toBe(400);
    expect((await noMessages.json()).error).toMatchObject({ type: 'invalid_request_error', param: 'messages' });

    const unknown = client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'a' }] });
    await expect(unknown).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(unknown).rejects.toMatchObject({ status: 404, param: 'model', code: 'model_not_found' });
  });

  it("raises RateLimitError with retry-after at the user's per-minute rate, as in the browser", async () => {
    const { client } = await personWithKey();
    for (let i = 0; i < RATE; i++) await client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: `message ${i}` }] });
    const over = client.chat.completions.create({ model: 'default', messages: [{ role: 'user', content: 'one more' }] });
    await expect(over).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    const error = (await over.catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.code).toBe('rate_limit_exceeded');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(0);
    expect(error.message).toMatch(/^429 You are sending messages too quickly \(4 a minute\)\. Try again in \d+ seconds?\.$/);
  });
});
