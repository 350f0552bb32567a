import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeLocalModels, localRuntimeFor } from '../../server/adapters/llm/local/local-models';
import type { LocalModelRuntime } from '../../server/adapters/llm/local/local-runtime';
import { loadConfig } from '../../server/config';
import { uploadThroughApi } from '../support/files';
import { waitForIndexing } from '../support/search';
import { parseSse } from '../support/sse';
import { createTestApp, signUp, type TestApp } from '../support/test-app';

/**
 * Issue 39 on the real local model: "Search my files" on the tiny GGUF in tests/fixtures, run by
 * llama.cpp (node-llama-cpp) with a 2,048-token context, answered 413 for every library question
 * ("about 7,881 characters, and the model can take about 3,444") though nothing was attached.
 * Now the passages are fitted to the window: the answer is 200 with citations, and llama.cpp's
 * own token count of the prompt it read is inside its context. The model's words are nonsense by
 * design (tests/fixtures/README.md): the test checks what Genie sent and what the runtime counted.
 */
const MODEL = 'tests/fixtures/genie-tiny.gguf';
const CONTEXT = 2048;
const LOCAL_ENV = {
  GENIE_MODEL_DEFAULT: `local:${MODEL}`,
  // The runtime has one slot and this test counts its generations: no background title calls.
  GENIE_MODEL_TITLES: 'false',
  LOCAL_MODEL_THREADS: '1',
  LOCAL_MODEL_CONTEXT: String(CONTEXT),
  CHAT_RATE_LIMIT_PER_MINUTE: '1000',
  EXTRACTION_TIMEOUT_SECONDS: '300',
};

/** One section of a manual, about 300 words, numbered so no two are alike. */
const section = (manual: string, topic: string, i: number) =>
  Array.from(
    { length: 10 },
    (_, s) => `${manual} section ${i} note ${s}: ${topic} This holds for every host the team runs, and the operator writes it down in the log.`,
  ).join(' ');

const MANUALS = {
  'ssh-manual.md': 'With the -J option ssh connects to the target through a jump host, one hop at a time.',
  'tar-manual.md': 'With the -z option tar compresses the archive through gzip before it writes it out.',
  'rsync-manual.md': 'With the --bwlimit option rsync caps the transfer rate in kilobytes a second.',
};

afterAll(() => closeLocalModels());

describe('"Search my files" on the local GGUF with a 2,048-token context', () => {
  let t: TestApp;
  let cookie: string;
  let runtime: LocalModelRuntime;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: LOCAL_ENV });
    ({ cookie } = await signUp(t.app));
    for (const [name, topic] of Object.entries(MANUALS)) {
      const text = Array.from({ length: 5 }, (_, i) => section(name.split('-')[0]!, topic, i)).join('\n\n');
      ids[name] = (await uploadThroughApi(t.app, cookie, { name, bytes: Buffer.from(text), type: 'text/markdown' })).id;
    }
    const indexed = await waitForIndexing(t.app, cookie);
    expect(indexed.map((f) => f.indexStatus)).toEqual(['indexed', 'indexed', 'indexed']);
    runtime = localRuntimeFor(loadConfig({ ...LOCAL_ENV }), MODEL);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    runtime.generations.length = 0;
  });

  it('answers 200 with citations from the passages that fit, and llama.cpp counts a prompt inside its context', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie, accept: 'text/event-stream' },
      payload: { message: 'How does ssh connect through a jump host?', knowledge: { scope: 'all' } },
    });
    expect(response.statusCode).toBe(200);
    const done = parseSse(response.body).at(-1)!;
    expect(done.event).toBe('done');
    const reply = done.data as { content: string; citations: { n: number; fileId: string; fileName: string }[] };

    // Cited, from the ssh manual only: the search found its passages, not the other manuals'.
    expect(reply.citations.length).toBeGreaterThan(0);
    expect(new Set(reply.citations.map((c) => c.fileName))).toEqual(new Set(['ssh-manual.md']));
    expect(reply.citations.map((c) => c.n)).toEqual(reply.citations.map((_, i) => i + 1));
    // The ssh manual has 5 sections of about 300 words: not all of them fit 2,048 tokens.
    expect(reply.content).toMatch(/Drew on \d of the \d+ passages found: the model's window is small\./);

    // One generation, and the prompt llama.cpp tokenised fits its context with room for the reply.
    expect(runtime.generations).toHaveLength(1);
    const run = runtime.generations[0]!;
    expect(run.promptTokens).toBeGreaterThan(500);
    expect(run.promptTokens + run.completionTokens).toBeLessThanOrEqual(CONTEXT);
    expect(reply.content.startsWith(run.text.trim().slice(0, 20))).toBe(true);
  });
});
