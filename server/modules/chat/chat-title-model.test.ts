import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCatalogue } from '../../adapters/llm/catalogue';
import { loadConfig } from '../../config';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { cleanTitle, modelTitle } from './chat-title-model';
import { chatRepository } from './chat.repository';

/** Titles written by the model after the first exchange (issue 18), with the keyword title as the fallback. */
describe('model-written conversation titles', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { GENIE_MODEL_TITLES: 'true', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }) });
    const user = await signUp(t.app);
    cookie = user.cookie;
    userId = user.user.id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const chat = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload });
  const titleOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: { cookie } })).json().conversation.title as string;
  const titleRequests = () => fake.requests.filter((r) => String(r.body?.messages?.[0]?.content ?? '').startsWith('You name conversations.'));

  it('asks the model for a title after the first reply, and stores its answer in place of the keyword title', async () => {
    const response = await chat({ message: 'Hello Genie, could you please compare tea and coffee?' });
    expect(response.statusCode).toBe(200);
    const { conversationId, content } = response.json() as { conversationId: string; content: string };
    expect(content).toBe('Fake reply to: Hello Genie, could you please compare tea and coffee?');
    await vi.waitFor(async () => expect(await titleOf(conversationId)).toBe('Fake reply to: Hello Genie, could you please compare tea…'), {
      timeout: 10_000,
      interval: 50,
    });
    const [request] = titleRequests();
    expect(request!.body!.max_tokens).toBe(24);
    expect(request!.body!.messages!.at(-1)).toEqual({ role: 'user', content: 'Hello Genie, could you please compare tea and coffee?' });
    expect(request!.body!.messages![0]!.content).toContain('The assistant answered:\nFake reply to: Hello Genie, could you please compare tea and coffee?');

    // Only a new conversation's first exchange asks for a title.
    fake.requests.length = 0;
    expect((await chat({ conversationId, message: 'And green tea?' })).statusCode).toBe(200);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    expect(titleRequests()).toEqual([]);
  });

  it('answers without waiting for the title: the reply is back while the title call still hangs, and the keyword title stays', async () => {
    fake.setBehaviour({ kind: 'hang' });
    fake.queueBehaviours({ kind: 'normal' }); // the reply; the title call after it hangs
    const response = await chat({ message: 'Please explain photosynthesis' });
    expect(response.statusCode).toBe(200);
    const { conversationId } = response.json() as { conversationId: string };
    await vi.waitFor(() => expect(titleRequests().length).toBe(1), { timeout: 10_000, interval: 20 });
    expect(titleRequests()[0]!.closedEarly).toBe(false);
    expect(await titleOf(conversationId)).toBe('Explain photosynthesis');
  });

  it('never overwrites a title the user chose meanwhile', async () => {
    const { conversationId } = (await chat({ message: 'Compare two bikes' })).json() as { conversationId: string };
    await vi.waitFor(async () => expect(await titleOf(conversationId)).toBe('Fake reply to: Compare two bikes'), { timeout: 10_000, interval: 50 });
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/conversations/${conversationId}`, headers: { cookie }, payload: { title: 'Bikes' } });
    expect(renamed.statusCode).toBe(200);
    // A model title for the keyword title it had when the exchange began: the user's rename wins.
    await chatRepository.replaceTitle(t.database.db, userId, conversationId, 'Fake reply to: Compare two bikes', 'A later model title');
    expect(await titleOf(conversationId)).toBe('Bikes');
    await chatRepository.replaceTitle(t.database.db, userId, conversationId, 'Bikes', 'Replaced');
    expect(await titleOf(conversationId)).toBe('Replaced');
  });

  describe('modelTitle', () => {
    const exchange = { account: 'user-1', message: 'Compare tea and coffee', reply: 'Tea has less caffeine.' };
    const setup = () => {
      const config = loadConfig(fakeProviderEnv(fake.url, { MODEL_TIMEOUT_MS: '500' }));
      return { config, choice: buildCatalogue(config).default! };
    };

    it('is the cleaned first line of the reply', async () => {
      const { config, choice } = setup();
      fake.setBehaviour({ kind: 'normal', reply: '"Tea versus coffee."' });
      expect(await modelTitle(config, choice, exchange, new AbortController().signal)).toBe('Tea versus coffee');
    });

    it('is null when the provider fails, goes quiet past the timeout, or says nothing', async () => {
      const { config, choice } = setup();
      fake.setBehaviour({ kind: 'status', status: 500 });
      expect(await modelTitle(config, choice, exchange, new AbortController().signal)).toBeNull();
      fake.setBehaviour({ kind: 'hang' });
      expect(await modelTitle(config, choice, exchange, new AbortController().signal)).toBeNull();
      fake.setBehaviour({ kind: 'normal', reply: '""' });
      expect(await modelTitle(config, choice, exchange, new AbortController().signal)).toBeNull();
    });
  });
});

describe('cleanTitle', () => {
  it('takes the first line, without quotes, a "Title:" label, Markdown or a full stop', () => {
    expect(cleanTitle('"Tea versus coffee."')).toBe('Tea versus coffee');
    expect(cleanTitle('\n\nTitle: **Tea versus coffee**\nBecause the user asked…')).toBe('Tea versus coffee');
    expect(cleanTitle('<think>the user asks about drinks</think>\n# Tea versus coffee')).toBe('Tea versus coffee');
    expect(cleanTitle('   ')).toBeNull();
    expect(cleanTitle('""')).toBeNull();
  });

  it('gives a plain-text title when the model wrote Markdown inside it (issue 42)', () => {
    expect(cleanTitle('**brapsky** (noun)')).toBe('brapsky (noun)');
    expect(cleanTitle('Comparing `tar` and **zip** archives')).toBe('Comparing tar and zip archives');
    expect(cleanTitle('[Tea](https://example.com) versus *coffee*')).toBe('Tea versus coffee');
  });
});
