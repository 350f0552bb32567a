import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/files';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { fakeProviderEnv, storeUserFile } from '../../../tests/fakes/chat-helpers';
import { pdfOfPages } from '../../../tests/fakes/documents';
import { startFakeModelServer, type FakeModelServer, type FakeRequestBody } from '../../../tests/fakes/fake-model-server';
import { uploadThroughApi } from '../../../tests/support/files';
import { waitForIndexing } from '../../../tests/support/search';
import { parseSse } from '../../../tests/support/sse';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Issue 39, first part: what a request carries is fitted to the model's window. "Search my files"
 * on a 2,048-token model answered 413 for every question; an 80-page PDF on an 8k model was cut
 * to its first pages (or refused), so a question about page 57 never reached the page.
 */

/** Genie's documented estimate (docs/decisions.md): 3 bytes of UTF-8 a token, plus 4 a message. */
const estimatedPromptTokens = (body: FakeRequestBody) =>
  body.messages!.reduce((sum, m) => sum + Math.ceil(Buffer.byteLength(m.content as string, 'utf8') / 3) + 4, 0);
const lastUserText = (body: FakeRequestBody) => body.messages!.filter((m) => m.role === 'user').at(-1)!.content as string;
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** A paragraph of about 300 words on the lighthouse keeper, numbered so no two are alike. */
const keeperParagraph = (file: number, i: number) =>
  Array.from(
    { length: 12 },
    (_, s) =>
      `Handbook ${file} section ${i} rule ${s}: the lighthouse keeper checks the lamp, logs the weather and reports each passing ship to the harbour office before dawn.`,
  ).join(' ');

describe('"Search my files" on a model with a 2,048-token context', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let cookie: string;
  const ids: string[] = [];

  beforeAll(async () => {
    fake = await startFakeModelServer({ contextTokens: 2048 });
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { GENIE_MODEL_CONTEXT_DEFAULT: '2048', CHAT_RATE_LIMIT_PER_MINUTE: '1000', EXTRACTION_TIMEOUT_SECONDS: '300' }) });
    ({ cookie } = await signUp(t.app));
    for (const file of [1, 2, 3]) {
      const text = Array.from({ length: 4 }, (_, i) => keeperParagraph(file, i)).join('\n\n');
      ids.push((await uploadThroughApi(t.app, cookie, { name: `keeper-${file}.md`, bytes: Buffer.from(text), type: 'text/markdown' })).id);
    }
    await waitForIndexing(t.app, cookie);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('answers 200 from the best passages, trimmed to fit the window, cited, and says it drew on fewer than it found', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie, accept: 'text/event-stream' },
      payload: { message: 'What does the lighthouse keeper report to the harbour office?', knowledge: { scope: 'all' } },
    });
    expect(response.statusCode).toBe(200);
    const done = parseSse(response.body).at(-1)!;
    expect(done.event).toBe('done');
    const reply = done.data as { content: string; conversationId: string; citations: { n: number; fileId: string; page: number | null; snippet: string }[] };

    const sent = fake.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body!;
    // The prompt fits the window with the reply's share (a quarter of 2,048) kept.
    expect(estimatedPromptTokens(body)).toBeLessThanOrEqual(2048 - 512);
    // Every passage the reply cites is in the prompt under its number, and only those.
    const prompt = lastUserText(body);
    expect(reply.citations.map((c) => c.n)).toEqual([1, 2, 3]);
    for (const c of reply.citations) {
      expect(ids).toContain(c.fileId);
      expect(prompt).toContain(`[${c.n}] keeper-`);
    }
    expect(prompt).not.toContain('[4] ');
    // Trimmed to whole sentences: each passage's text ends with a sentence's full stop.
    for (const block of prompt.split('<<<\n').slice(1)) expect(block.split('\n>>>')[0]!.trimEnd()).toMatch(/\.$/);
    expect(reply.content).toContain('Drew on 3 of the 5 passages found: the model\'s window is small.');

    const stored = await t.app.inject({ method: 'GET', url: `/api/conversations/${reply.conversationId}`, headers: { cookie } });
    const storedReply = (stored.json().messages as { role: string; content: string; citations?: unknown }[]).find((m) => m.role === 'assistant')!;
    expect(storedReply.content).toBe(reply.content);
    expect(storedReply.citations).toEqual(reply.citations);
  });

  it('still refuses a typed message that alone does not fit, with 413 and the same sentence', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie },
      payload: { message: 'Please tell me what the lighthouse keeper does. '.repeat(120), knowledge: { scope: 'all' } },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: expect.stringMatching(
        /^This message is too long for the model to read: with its attachments it is about [\d,]+ characters, and the model can take about [\d,]+\. Shorten it, or attach fewer or smaller files\.$/,
      ),
      code: 'too_large',
      field: 'message',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(0);
  });
});

/** An 80-page annual review of about 1,700 characters a page; one fact, on page 57 only, answers the question. */
const FACT = 'The harbour crane on pier nine was repainted cobalt blue in the spring.';
const reviewPages = Array.from({ length: 80 }, (_, i) => {
  const n = i + 1;
  const filler = Array.from(
    { length: 13 },
    (_, s) => `Page ${n} item ${s}: the finance team recorded ledger entry ${n * 17 + s} for the northern office and filed the travel claims of week ${s + 1}.`,
  ).join(' ');
  return n === 57 ? `${filler} ${FACT}` : filler;
});
// "office" is on every page: the index finds many passages, not only page 57's.
const QUESTION = 'What colour was the harbour crane on pier nine repainted, says the office review?';

describe('an 80-page PDF attached on a model with an 8,192-token context', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let cookie: string;
  let userId: string;
  let storeDir: string;
  let disk: LocalDiskStore;
  const pdf = pdfOfPages(reviewPages);

  beforeAll(async () => {
    fake = await startFakeModelServer({ contextTokens: 8192 });
    storeDir = mkdtempSync(join(tmpdir(), 'genie-chat-window-store-'));
    disk = new LocalDiskStore(storeDir);
    t = await createTestApp({
      env: fakeProviderEnv(fake.url, { GENIE_MODEL_CONTEXT_DEFAULT: '8192', CHAT_RATE_LIMIT_PER_MINUTE: '1000', EXTRACTION_TIMEOUT_SECONDS: '300' }),
      deps: { objectStore: disk },
    });
    ({ cookie, user: { id: userId } } = await signUp(t.app));
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(storeDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const ask = (fileId: string, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie: as },
      payload: { message: QUESTION, attachments: [{ url: fileId, name: 'annual-review.pdf', type: 'application/pdf', size: pdf.length }] },
    });

  const expectAnsweredFromPage57 = (response: Awaited<ReturnType<typeof ask>>, fileId: string) => {
    expect(response.statusCode).toBe(200);
    const sent = fake.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body!;
    expect(estimatedPromptTokens(body)).toBeLessThanOrEqual(8192 - 2048);
    expect(oneLine(lastUserText(body))).toContain(FACT);
    const citations = response.json().citations as { n: number; fileId: string; fileName: string; page: number | null }[];
    expect(citations[0]).toMatchObject({ n: 1, fileId, fileName: 'annual-review.pdf', page: 57 });
    expect(oneLine(lastUserText(body))).toContain('[1] annual-review.pdf, p. 57');
  };

  it('answers from page 57 when the file is not indexed yet: its text is cut into passages and ranked against the question', async () => {
    const file = await storeUserFile(t.database.db, disk, userId, { name: 'annual-review.pdf', type: 'application/pdf', bytes: pdf });
    // Being indexed: the index has none of its passages yet (and the indexer leaves it alone).
    await t.database.db.update(files).set({ indexStatus: 'indexing' }).where(eq(files.id, file.id));
    expectAnsweredFromPage57(await ask(file.id), file.id);
  }, 120_000);

  it('answers from page 57 when the file is indexed: its passages come from the index', async () => {
    // Another user: the first test's file stays "being indexed", and waitForIndexing waits for all of a user's files.
    const other = await signUp(t.app);
    const uploaded = await uploadThroughApi(t.app, other.cookie, { name: 'annual-review.pdf', bytes: pdf, type: 'application/pdf' });
    const [indexed] = await waitForIndexing(t.app, other.cookie);
    expect(indexed!.indexStatus).toBe('indexed');
    expectAnsweredFromPage57(await ask(uploaded.id, other.cookie), uploaded.id);
  }, 300_000);
});
