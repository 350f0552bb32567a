import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../server/db/schema/chat';
import { LEGAL_DISCLAIMER } from '../../server/adapters/llm/prompts';
import { chatUntilFirstToken, parseSse } from '../support/sse';
import { setTeamPlan } from '../support/teams';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { startLlamaServer, type LlamaServer } from './llama-server';

/**
 * Genie against a real llama.cpp runtime (node-llama-cpp, CPU, 1 thread) serving the tiny GGUF
 * model in tests/fixtures: what the fake model server cannot show. The model's text is nonsense
 * by design (tests/fixtures/README.md); the tests check the protocol, never the wording.
 */
const MODEL = 'tests/fixtures/genie-tiny.gguf';

describe('chat against llama.cpp', () => {
  let peer: LlamaServer;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    peer = await startLlamaServer({ modelPath: MODEL, contextSize: 1024 });
    t = await createTestApp({
      env: {
        OPENAI_COMPATIBLE_BASE_URL: peer.url,
        // The runtime has one slot and these tests count its generations: no background title calls.
        GENIE_MODEL_DEFAULT: `openai-compatible:${peer.modelId}`,
        GENIE_MODEL_TITLES: 'false',
        GENIE_MODEL_CONTEXT_DEFAULT: String(peer.contextSize),
        CHAT_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    const user = await signUp(t.app);
    cookie = user.cookie;
    // Legal mode is a premium feature: this user's team holds a paid plan.
    await setTeamPlan(t.database.db, user.user.id, { premiumUntil: new Date(Date.now() + 86_400_000), plan: 'pro' });
    t.userDataChanges.changed();
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(() => {
    peer.completions.length = 0;
  });

  const chat = (payload: Record<string, unknown>, stream = false) =>
    t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie, ...(stream ? { accept: 'text/event-stream' } : {}) }, payload });
  const stored = async (id: string) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it.each(['chat', 'dictionary', 'law'])('streams a reply in %s mode, token by token, and stores what the runtime produced and counted', async (mode) => {
    const response = await chat({ message: 'What does barb mean?', mode }, true);
    expect(response.statusCode).toBe(200);
    const events = parseSse(response.body);
    const tokens = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const run = peer.completions[0]!;
    // Every streamed piece is llama.cpp's text; joined they are the whole reply, which is what the runtime ended with.
    expect(tokens.length).toBeGreaterThan(1);
    // Legal mode adds its fixed not-legal-advice line after the model's words.
    const content = mode === 'law' ? `${run.text}\n\n${LEGAL_DISCLAIMER}` : run.text;
    expect(tokens.join('')).toBe(content);
    expect(done.data).toMatchObject({ content, status: 'complete' });
    // Genie's mode prompt reached the runtime as the system message.
    expect(run.body.messages![0]!.role).toBe('system');
    await vi.waitFor(async () => {
      const row = await stored(done.data.messageId as string);
      expect({ content: row.content, tokensIn: row.tokensIn, tokensOut: row.tokensOut, status: row.status }).toEqual({
        content,
        tokensIn: run.promptTokens,
        tokensOut: run.completionTokens,
        status: 'complete',
      });
    }, { timeout: 10_000, interval: 50 });
  });

  it('refuses with a sentence, not a 500, a prompt larger than the runtime context it was told of', async () => {
    // About 1,300 tokens by Genie's estimate, for a context of 1,024.
    const response = await chat({ message: 'lexicon '.repeat(500) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('too_large');
    expect(peer.completions).toHaveLength(0);
  });

  it('reports llama.cpp own context refusal as a failed reply, when Genie is told a larger context than the runtime has', async () => {
    const liar = await createTestApp({
      env: {
        OPENAI_COMPATIBLE_BASE_URL: peer.url,
        // The runtime has one slot and these tests count its generations: no background title calls.
        GENIE_MODEL_DEFAULT: `openai-compatible:${peer.modelId}`,
        GENIE_MODEL_TITLES: 'false',
        GENIE_MODEL_CONTEXT_DEFAULT: '32768',
        CHAT_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    try {
      const user = await signUp(liar.app);
      const response = await liar.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: user.cookie }, payload: { message: 'lexicon '.repeat(1500) } });
      // llama.cpp's 400 exceed_context_size_error becomes Genie's own too-long answer.
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: 'too_large',
        field: 'message',
        error: 'This message and the conversation before it are too long for the model to read at once. Start a new conversation, or shorten the message or its attachments.',
      });
      expect(peer.completions).toHaveLength(0);
    } finally {
      await liar.close();
    }
  });

});

describe('a model that never ends its own turn', () => {
  let peer: LlamaServer;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // A grammar of 2,000 words: every reply runs to the max_tokens Genie sends (what is left of
    // 512 tokens after the prompt) instead of ending, as this model's do, after ~25 tokens.
    const twoThousandWords = `root ::= ${'word '.repeat(2000)}\nword ::= [a-z]+ " "`;
    peer = await startLlamaServer({ modelPath: MODEL, contextSize: 512, grammar: twoThousandWords });
    t = await createTestApp({
      env: { OPENAI_COMPATIBLE_BASE_URL: peer.url, GENIE_MODEL_DEFAULT: `openai-compatible:${peer.modelId}`, GENIE_MODEL_CONTEXT_DEFAULT: '512', GENIE_MODEL_TITLES: 'false' },
    });
    ({ cookie } = await signUp(t.app));
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  beforeEach(() => {
    peer.completions.length = 0;
  });

  it('shows a reply that llama.cpp ended at max_tokens as cut off, in the answer and in the store', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'What does barb mean?' } });
    expect(response.statusCode).toBe(200);
    const run = peer.completions[0]!;
    expect(run.finishReason).toBe('length');
    expect(run.completionTokens).toBe(run.body.max_tokens);
    expect(response.json()).toMatchObject({ status: 'cut_off', content: run.text });
    const row = await t.database.db.select().from(messages).where(eq(messages.id, response.json().messageId as string));
    expect(row[0]!.status).toBe('cut_off');
  });

  it('stops generation in the runtime when the client goes away', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reply = await chatUntilFirstToken(address, cookie, 'What does barb mean?');
    reply.abort();
    await vi.waitFor(() => expect(peer.completions).toHaveLength(1), { timeout: 30_000, interval: 20 });
    const run = peer.completions[0]!;
    expect(run.aborted).toBe(true);
    expect(run.completionTokens).toBeLessThan(run.body.max_tokens!);
  });
});

describe('embeddings from llama.cpp', () => {
  let peer: LlamaServer;
  beforeAll(async () => {
    peer = await startLlamaServer({ modelPath: MODEL });
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('answers /v1/embeddings with one vector per input, of the model width, the same for the same text', async () => {
    const post = async (input: string[]) =>
      (await fetch(`${peer.url}/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: peer.modelId, input }) })).json() as Promise<{ data: Array<{ index: number; embedding: number[] }> }>;
    const first = await post(['notice period', 'auto-renewal clause']);
    expect(first.data.map((d) => d.index)).toEqual([0, 1]);
    const width = first.data[0]!.embedding.length;
    expect(width).toBeGreaterThan(8);
    expect(first.data[1]!.embedding).toHaveLength(width);
    const again = await post(['notice period']);
    expect(again.data[0]!.embedding).toEqual(first.data[0]!.embedding);
  });
});
