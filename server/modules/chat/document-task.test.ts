import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import type { StreamEnd } from '../../adapters/llm/model-call';
import { fakeProviderEnv, storeUserFile } from '../../../tests/fakes/chat-helpers';
import { pdfOfPages } from '../../../tests/fakes/documents';
import { startFakeModelServer, type FakeModelServer, type FakeRequestBody } from '../../../tests/fakes/fake-model-server';
import { parseSse } from '../../../tests/support/sse';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import type { ResolvedAttachment } from './chat-attachments';
import { isDocumentWideTask, MAX_PARTS, partsOf, passagesOfPlainText, runDocumentTask, type ModelCall } from './document-task';

/**
 * Issue 39: a document-wide task ("summarise this") on a document larger than the model's window
 * runs as map and reduce over its parts: a bounded number of model calls, each inside the window,
 * progress reported as each part is read, stopped by the caller's signal, and the reply says how
 * many parts it read.
 */

/** Genie's documented estimate (docs/decisions.md): 3 bytes of UTF-8 a token, plus 4 a message. */
const estimatedPromptTokens = (body: FakeRequestBody) =>
  body.messages!.reduce((sum, m) => sum + Math.ceil(Buffer.byteLength(m.content as string, 'utf8') / 3) + 4, 0);
const userText = (body: FakeRequestBody) => body.messages!.filter((m) => m.role === 'user').at(-1)!.content as string;

const pages = Array.from({ length: 80 }, (_, i) =>
  Array.from({ length: 13 }, (_, s) => `Page ${i + 1} item ${s}: the finance team recorded ledger entry ${(i + 1) * 17 + s} for the northern office.`).join(' '),
);

describe('isDocumentWideTask', () => {
  it('knows a task over the whole document from a question about one fact in it', () => {
    expect(['Summarise this document', 'Can you summarize the report?', 'List every date in this contract', 'Give me an overview of the whole document'].map(isDocumentWideTask)).toEqual([true, true, true, true]);
    expect(['What colour was the crane repainted?', 'Who signed on page 3?', 'When is the levy due?'].map(isDocumentWideTask)).toEqual([false, false, false]);
  });
});

describe('runDocumentTask (with a model call that records what it was given)', () => {
  const document = { stored: { name: 'long.txt' } } as unknown as ResolvedAttachment;
  const recorder = (abortAfter?: { controller: AbortController; calls: number }) => {
    const calls: { system: string; user: string; maxOutputTokens: number }[] = [];
    const call: ModelCall = async function* (request) {
      calls.push(request);
      if (abortAfter && calls.length === abortAfter.calls) abortAfter.controller.abort(new Error('stopped by the user'));
      yield `note ${calls.length}`;
      return { tokensIn: 10, tokensOut: 2, cutOff: false } satisfies StreamEnd;
    };
    return { calls, call };
  };
  const longText = pages.join('\n\n').repeat(6);

  it(`reads at most ${MAX_PARTS} parts of a very long text, then joins them, and says what it did not read`, async () => {
    const { calls, call } = recorder();
    const progress: string[] = [];
    let emitted = '';
    const result = await runDocumentTask({
      contextTokens: 8192,
      system: 'You are Genie.',
      question: 'Summarise this',
      document,
      passages: passagesOfPlainText(longText),
      signal: new AbortController().signal,
      call,
      progress: (text) => progress.push(text),
      emit: (text) => (emitted += text),
    });
    expect(calls).toHaveLength(MAX_PARTS + 1);
    expect(result.calls).toBe(MAX_PARTS + 1);
    expect(progress).toEqual([...Array.from({ length: MAX_PARTS }, (_, i) => `Reading part ${i + 1} of ${MAX_PARTS} of "long.txt"…`), `Joining the notes of ${MAX_PARTS} parts…`]);
    expect(emitted).toBe(`note ${MAX_PARTS + 1}`);
    expect(result.usage).toEqual({ tokensIn: 130, tokensOut: 26 });
    expect(result.note).toMatch(new RegExp(`^Read "long.txt" in ${MAX_PARTS} parts, one model call each: the first ${MAX_PARTS} of its \\d+ parts; the rest was not read \\(at most ${MAX_PARTS} parts a task\\)\\.$`));
    // The last call holds every part's note in order.
    expect(calls.at(-1)!.user).toContain('[Part 1]\nnote 1\n\n[Part 2]\nnote 2');
    expect(calls.at(-1)!.user).toContain(`[Part ${MAX_PARTS}]\nnote ${MAX_PARTS}`);
  });

  it('groups passages into parts in order, each within its tokens, keeping the pages each holds', () => {
    const passages = [1, 2, 3, 4, 5].map((page) => ({ body: `${'word '.repeat(100)}page ${page}.`, page }));
    const { parts, total } = partsOf(passages, 400);
    expect(total).toBe(3);
    expect(parts.map((p) => p.pages)).toEqual([[1, 2], [3, 4], [5, 5]]);
    expect(parts[0]!.text).toBe(`${passages[0]!.body}\n\n${passages[1]!.body}`);
    expect(partsOf(passages, 400, 2)).toMatchObject({ total: 3, parts: [{ pages: [1, 2] }, { pages: [3, 4] }] });
  });

  it('stops between parts when its signal is aborted, asking the model nothing more', async () => {
    const controller = new AbortController();
    const { calls, call } = recorder({ controller, calls: 2 });
    const run = runDocumentTask({
      contextTokens: 8192,
      system: 'You are Genie.',
      question: 'Summarise this',
      document,
      passages: passagesOfPlainText(longText),
      signal: controller.signal,
      call,
      progress: () => undefined,
      emit: () => undefined,
    });
    await expect(run).rejects.toThrow('stopped by the user');
    expect(calls).toHaveLength(2);
  });
});

describe('"Summarise this" with an 80-page PDF attached, on a model with an 8,192-token context', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let storeDir: string;

  beforeAll(async () => {
    // The fake refuses any prompt over 8,192 of its tokens, as a real server does.
    fake = await startFakeModelServer({ contextTokens: 8192 });
    storeDir = mkdtempSync(join(tmpdir(), 'genie-document-task-store-'));
    t = await createTestApp({
      env: fakeProviderEnv(fake.url, { GENIE_MODEL_CONTEXT_DEFAULT: '8192', CHAT_RATE_LIMIT_PER_MINUTE: '1000', EXTRACTION_TIMEOUT_SECONDS: '300' }),
      deps: { objectStore: new LocalDiskStore(storeDir) },
    });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(storeDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('reads every part in turn with progress, joins them in one streamed call, and says how many parts it read', async () => {
    const { cookie, user } = await signUp(t.app);
    const pdf = pdfOfPages(pages);
    const file = await storeUserFile(t.database.db, new LocalDiskStore(storeDir), user.id, { name: 'annual-review.pdf', type: 'application/pdf', bytes: pdf });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie, accept: 'text/event-stream' },
      payload: { message: 'Summarise this document', attachments: [{ url: file.id, name: 'annual-review.pdf', type: 'application/pdf', size: pdf.length }] },
    });
    expect(response.statusCode).toBe(200);
    const events = parseSse(response.body);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');

    const sent = fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body!);
    const parts = sent.length - 1;
    expect(parts).toBeGreaterThanOrEqual(2);
    expect(parts).toBeLessThanOrEqual(MAX_PARTS);
    // Every call fits the window with the reply it may write.
    for (const body of sent) expect(estimatedPromptTokens(body) + (body.max_tokens as number)).toBeLessThanOrEqual(8192);
    // The parts cover the document from its first page to its last, in order.
    sent.slice(0, parts).forEach((body, i) => expect(userText(body)).toMatch(new RegExp(`Part ${i + 1} of ${parts} of "annual-review\\.pdf" \\(pages \\d+–\\d+\\):`)));
    expect(userText(sent[0]!)).toContain('Page 1 item 0:');
    expect(userText(sent[parts - 1]!)).toContain('Page 80 item 12:');
    expect(userText(sent[parts]!)).toContain(`so each of its ${parts} parts was read in turn for this task`);

    const progress = events.filter((e) => e.event === 'progress').map((e) => (e.data as { text: string }).text);
    expect(progress).toEqual([...Array.from({ length: parts }, (_, i) => `Reading part ${i + 1} of ${parts} of "annual-review.pdf"…`), `Joining the notes of ${parts} parts…`]);
    // Progress comes before the reply's first text.
    expect(events.findIndex((e) => e.event === 'delta')).toBeGreaterThan(events.findLastIndex((e) => e.event === 'progress'));
    const content = (done.data as { content: string }).content;
    expect(content.startsWith('Fake reply to: Summarise this document')).toBe(true);
    expect(content.endsWith(`_Read "annual-review.pdf" in ${parts} parts, one model call each: the whole file does not fit the model's window._`)).toBe(true);
  }, 120_000);
});
