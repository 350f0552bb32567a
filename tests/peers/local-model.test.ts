import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEGAL_DISCLAIMER } from '../../server/adapters/llm/prompts';
import { streamModel } from '../../server/adapters/llm/model-stream';
import { ProviderError } from '../../server/adapters/llm/provider-error';
import { languageModelFor } from '../../server/adapters/llm/providers';
import { closeLocalModels, localRuntimeFor } from '../../server/adapters/llm/local/local-models';
import { createLocalEmbedder } from '../../server/adapters/llm/local/local-embedder';
import { LOCAL_MODEL_STOPPED } from '../../server/adapters/llm/local/local-language-model';
import type { LocalModelRuntime } from '../../server/adapters/llm/local/local-runtime';
import { ConfigError, loadConfig } from '../../server/config';
import { messages } from '../../server/db/schema/chat';
import { chatUntilFirstToken, parseSse, readSse } from '../support/sse';
import { setTeamPlan } from '../support/teams';
import { createTestApp, signUp, type TestApp } from '../support/test-app';

/**
 * A model inside Genie (`local:<file.gguf>`): the tiny GGUF model in tests/fixtures run by
 * node-llama-cpp in the model's own process (local-model-process.ts), on 1 thread, through the same chat path as any
 * provider. The model's text is nonsense by design (tests/fixtures/README.md): the tests check
 * what the runtime produced and counted, never the wording.
 */
const MODEL = 'tests/fixtures/genie-tiny.gguf';
const LOCAL_ENV = {
  // The runtime has one slot and these tests count its generations: no background title calls.
  GENIE_MODEL_DEFAULT: `local:${MODEL}`,
  GENIE_MODEL_TITLES: 'false',
  LOCAL_MODEL_THREADS: '1',
  LOCAL_MODEL_CONTEXT: '1024',
  // One reply at a time: these tests hold the one slot (local-model-parallel.test.ts runs several).
  LOCAL_MODEL_PARALLEL: '1',
  CHAT_RATE_LIMIT_PER_MINUTE: '1000',
};
/** 2,000 words: a reply runs to the max_tokens it is given instead of ending after ~25 tokens. */
const LONG_REPLY_GRAMMAR = `root ::= ${'word '.repeat(2000)}\nword ::= [a-z]+ " "`;

afterAll(() => closeLocalModels());

describe('chat with a local model', () => {
  let t: TestApp;
  let cookie: string;
  let runtime: LocalModelRuntime;

  beforeAll(async () => {
    t = await createTestApp({ env: LOCAL_ENV });
    const user = await signUp(t.app);
    cookie = user.cookie;
    // Legal mode is a premium feature: this user's team holds a paid plan.
    await setTeamPlan(t.database.db, user.user.id, { premiumUntil: new Date(Date.now() + 86_400_000), plan: 'pro' });
    t.userDataChanges.changed();
    runtime = localRuntimeFor(loadConfig({ ...LOCAL_ENV }), MODEL);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    runtime.generations.length = 0;
  });

  const chat = (payload: Record<string, unknown>, stream = false, as = cookie) =>
    t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: as, ...(stream ? { accept: 'text/event-stream' } : {}) }, payload });
  const stored = async (id: string) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it('is not loaded before its first chat, and says so', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.checks.models).toBe('ok');
    expect(health.localModels).toEqual([
      { file: 'genie-tiny.gguf', state: 'not_loaded', contextSize: 1024, threads: 1, tokensPerSecond: null, memoryBytes: 0, running: 0, waiting: 0 },
    ]);
  });

  it.each(['chat', 'dictionary', 'law'])('streams a reply in %s mode and stores what the runtime wrote and counted', async (mode) => {
    const response = await chat({ message: 'What does barb mean?', mode }, true);
    expect(response.statusCode).toBe(200);
    const events = parseSse(response.body);
    const tokens = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(runtime.generations).toHaveLength(1);
    const run = runtime.generations[0]!;
    expect(tokens.length).toBeGreaterThan(1);
    const content = mode === 'law' ? `${run.text}\n\n${LEGAL_DISCLAIMER}` : run.text;
    expect(tokens.join('')).toBe(content);
    expect(done.data).toMatchObject({ content, status: 'complete' });
    await vi.waitFor(
      async () => {
        const row = await stored(done.data.messageId as string);
        expect({ content: row.content, tokensIn: row.tokensIn, tokensOut: row.tokensOut, status: row.status, model: row.model }).toEqual({
          content,
          tokensIn: run.promptTokens,
          tokensOut: run.completionTokens,
          status: 'complete',
          model: `local:${MODEL}`,
        });
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('says "Powered by" the model file\'s name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/personas', headers: { cookie } });
    const { personas } = response.json() as { personas: Array<{ id: string; modelName: string; offline: boolean }> };
    expect(personas.find((p) => p.id === 'default')).toMatchObject({ modelName: 'genie-tiny.gguf', offline: false });
  });

  it('reports the loaded model in /api/health with its context, threads, speed and memory', async () => {
    await chat({ message: 'Hello' });
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    const [model] = health.localModels;
    expect(model).toMatchObject({ file: 'genie-tiny.gguf', state: 'loaded', contextSize: 1024, threads: 1, running: 0, waiting: 0 });
    expect(model.tokensPerSecond).toBeGreaterThan(0);
    expect(model.memoryBytes).toBeGreaterThan(0);
    expect(health.memoryRssBytes).toBeGreaterThan(model.memoryBytes);
  });

  it('answers two users at once, each with a reply of their own', async () => {
    const other = await signUp(t.app);
    const [a, b] = await Promise.all([chat({ message: 'What does barb mean?' }), chat({ message: 'What does lexicon mean?' }, false, other.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(runtime.generations).toHaveLength(2);
    expect(new Set([a.json().content, b.json().content])).toEqual(new Set(runtime.generations.map((g) => g.text)));
  });

  it("refuses with Genie's own sentence a message larger than the model's context", async () => {
    // About 1,300 tokens by Genie's estimate, for a context of 1,024.
    const response = await chat({ message: 'lexicon '.repeat(500) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('too_large');
    expect(runtime.generations).toHaveLength(0);
  });

  it("turns the runtime's own refusal of a prompt into context_exceeded with the runtime's size", async () => {
    // Past Genie's budget (which would refuse first), straight at the provider model.
    const model = await languageModelFor(loadConfig({ ...LOCAL_ENV }), { provider: 'local', modelId: MODEL });
    const stream = streamModel({ model, system: 'You are terse.', history: [], user: [{ type: 'text', text: 'lexicon '.repeat(1500) }], signal: new AbortController().signal, idleTimeoutMs: 60_000 });
    const error = await stream.next().then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'context_exceeded', contextTokens: 1024, message: 'The conversation is too long for the model to read at once.' });
    expect(runtime.generations).toHaveLength(0);
  });
});

describe('a local model under strain: busy, cut off, stopped, or its process gone', () => {
  let t: TestApp;
  let runtime: LocalModelRuntime;
  const env = { ...LOCAL_ENV, LOCAL_MODEL_QUEUE: '1', LOCAL_MODEL_CONTEXT: '512' };

  beforeAll(async () => {
    t = await createTestApp({ env });
    runtime = localRuntimeFor(loadConfig({ ...env }), MODEL);
  });
  afterAll(async () => {
    await runtime?.forceGrammar(undefined);
    await t?.close();
  });
  beforeEach(() => {
    runtime.generations.length = 0;
  });

  it('lets one reply wait its turn and answers one more than that with 429 at once', async () => {
    const [first, second] = [await signUp(t.app), await signUp(t.app)];
    // The one slot is taken (as by a reply being written) for as long as the test holds it.
    const release = await runtime.queue.acquire();
    const waiting = t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: first.cookie }, payload: { message: 'What does barb mean?' } });
    await vi.waitFor(() => expect(runtime.queue.waiting).toBe(1), { timeout: 30_000, interval: 20 });
    const refused = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: second.cookie }, payload: { message: 'What does lexicon mean?' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', error: 'The local model is busy answering other messages. Please try again in a minute.' });
    release();
    const answered = await waiting;
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'complete', content: runtime.generations[0]!.text });
  });

  it('shows a reply that the runtime ended at max_tokens as cut off', async () => {
    await runtime.forceGrammar(LONG_REPLY_GRAMMAR);
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'What does barb mean?' } });
    expect(response.statusCode).toBe(200);
    const run = runtime.generations[0]!;
    expect(run.stopReason).toBe('maxTokens');
    expect(response.json()).toMatchObject({ status: 'cut_off', content: run.text });
    const row = await t.database.db.select().from(messages).where(eq(messages.id, response.json().messageId as string));
    expect(row[0]!.status).toBe('cut_off');
    expect(row[0]!.tokensOut).toBe(run.completionTokens);
  });

  it('stops writing at once when the user stops the reply', async () => {
    await runtime.forceGrammar(LONG_REPLY_GRAMMAR);
    const { cookie } = await signUp(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reply = await chatUntilFirstToken(address, cookie, 'What does barb mean?');
    reply.abort();
    await vi.waitFor(() => expect(runtime.generations).toHaveLength(1), { timeout: 30_000, interval: 20 });
    const run = runtime.generations[0]!;
    expect(run.stopReason).toBe('abort');
    // The reply had room for ~400 tokens; it stopped well short of filling it.
    expect(run.completionTokens).toBeLessThan(512 - run.promptTokens);
    expect(runtime.queue.running).toBe(0);
  });

  it('fails the reply it was writing with a clear error, and answers the next one from a new process', async () => {
    await runtime.forceGrammar(LONG_REPLY_GRAMMAR);
    const { cookie } = await signUp(t.app);
    // Listening since the stop test above.
    const address = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const response = await fetch(`${address}/api/chat`, {
      method: 'POST',
      headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'What does barb mean?' }),
    });
    const events: string[] = [];
    let errorData = '';
    for await (const message of readSse(response.body!)) {
      events.push(message.event);
      // The first text is out: the model's process is writing this reply. It is killed as a fault in llama.cpp would end it.
      if (message.event === 'delta' && events.filter((e) => e === 'delta').length === 1) process.kill(runtime.processId!, 'SIGKILL');
      if (message.event === 'error') errorData = message.data;
    }
    expect(events).toContain('delta');
    expect(events.at(-1)).toBe('error');
    expect(JSON.parse(errorData)).toMatchObject({ error: LOCAL_MODEL_STOPPED });
    expect(runtime.queue.running).toBe(0);

    await runtime.forceGrammar(undefined);
    const again = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'What does lexicon mean?' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'complete', content: runtime.generations.at(-1)!.text });
    expect(runtime.status()).toMatchObject({ state: 'loaded', error: null });
  });
});

describe('embeddings from a local model', () => {
  it('gives one vector per text, in order, of the model width, the same for the same text', async () => {
    const embedder = createLocalEmbedder(MODEL, { threads: 1 });
    try {
      const [notice, renewal] = await embedder.embed(['notice period', 'auto-renewal clause']);
      const width = notice!.length;
      expect(width).toBeGreaterThan(8);
      expect(renewal).toHaveLength(width);
      expect(renewal).not.toEqual(notice);
      expect(await embedder.embed(['notice period'])).toEqual([notice]);
      expect(await embedder.embed([])).toEqual([]);
    } finally {
      await embedder.close();
    }
  });
});

describe('loading a local model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'genie-local-load-'));
  // The real file cut short: its GGUF header (and so the start-up check) reads, its weights do not.
  const truncated = join(dir, 'truncated.gguf');
  writeFileSync(truncated, readFileSync(MODEL).subarray(0, 1_000_000));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads at start with LOCAL_MODEL_PRELOAD, before any chat', async () => {
    const t = await createTestApp({ env: { ...LOCAL_ENV, LOCAL_MODEL_PRELOAD: 'true', LOCAL_MODEL_QUEUE: '3' } });
    try {
      const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health.localModels.map((m: { state: string }) => m.state)).toEqual(['loaded']);
    } finally {
      await t.close();
    }
  });

  it('stops start with one sentence naming the setting when LOCAL_MODEL_PRELOAD cannot load the file', async () => {
    const error = await createTestApp({ env: { ...LOCAL_ENV, GENIE_MODEL_G: `local:${truncated}`, LOCAL_MODEL_PRELOAD: 'true' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^GENIE_MODEL_G: the model file ${truncated.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} could not be loaded \\(.+\\)\\.$`));
  });

  it('answers a chat with a 502 sentence, and reports the model failed, when it cannot load on first use', async () => {
    const t = await createTestApp({ env: { ...LOCAL_ENV, GENIE_MODEL_DEFAULT: `local:${truncated}`, ADMIN_USERNAME: 'loadadmin', ADMIN_PASSWORD: 'a long admin passphrase' } });
    try {
      const { cookie } = await signUp(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'Hello' } });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'provider_failed', error: 'The model could not be loaded. Please tell your administrator.' });
      const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health.checks.models).toBe('down');
      expect(health.localModels).toEqual([expect.objectContaining({ file: 'truncated.gguf', state: 'failed', memoryBytes: 0 })]);
      expect(JSON.stringify(health)).not.toContain('error');
    } finally {
      await t.close();
    }
  });
});
