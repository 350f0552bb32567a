import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountQueueFullError } from '../../server/adapters/llm/local/generation-queue';
import { closeLocalModels, localRuntimeFor, prepareLocalModels } from '../../server/adapters/llm/local/local-models';
import type { LocalGeneration, LocalModelRuntime } from '../../server/adapters/llm/local/local-runtime';
import { loadConfig } from '../../server/config';

/**
 * Several replies at once from one local model (issue 45): the fixture model's one context with
 * four sequences, decoded together by node-llama-cpp, the fair queue between accounts in front.
 * A grammar of 2,000 words makes every reply run to the max_tokens it is given, so each reply's
 * length is known and a long one is there to be stopped.
 */
const MODEL = 'tests/fixtures/genie-tiny.gguf';
const ENV = {
  GENIE_MODEL_DEFAULT: `local:${MODEL}`,
  LOCAL_MODEL_THREADS: '1',
  LOCAL_MODEL_CONTEXT: '2048',
  LOCAL_MODEL_PARALLEL: '4',
  LOCAL_MODEL_QUEUE: '4',
  LOCAL_MODEL_QUEUE_PER_ACCOUNT: '2',
};
const LONG_REPLY_GRAMMAR = `root ::= ${'word '.repeat(2000)}\nword ::= [a-z]+ " "`;

/** One reply in flight: its text as it came, whether it has begun, how it ended. */
function reply(runtime: LocalModelRuntime, account: string, maxTokens: number) {
  const abort = new AbortController();
  const state = { text: '', pieces: 0, ended: false };
  const result: Promise<LocalGeneration> = runtime
    .generate({
      history: [{ type: 'user', text: `Write for ${account}.` }],
      maxTokens,
      signal: abort.signal,
      account,
      onText: (text) => {
        state.text += text;
        state.pieces += 1;
      },
    })
    .finally(() => (state.ended = true));
  // Each test awaits the results it checks; a refusal it expects must not also count as unhandled.
  result.catch(() => undefined);
  return { abort, state, result };
}

describe('a local model writing several replies at once', () => {
  let runtime: LocalModelRuntime;

  beforeAll(async () => {
    const config = loadConfig(ENV);
    await prepareLocalModels(config);
    runtime = localRuntimeFor(config, MODEL);
    await runtime.forceGrammar(LONG_REPLY_GRAMMAR);
  });
  afterAll(() => closeLocalModels());

  it('streams four replies at once, each to its own end', async () => {
    const replies = ['a', 'b', 'c', 'd'].map((account) => reply(runtime, account, 60));
    expect(runtime.queue.running).toBe(4);
    expect(runtime.queue.waiting).toBe(0);
    // Every reply has text before any has ended: they are written together, not one after another.
    await vi.waitFor(() => expect(replies.map((r) => r.state.pieces > 0)).toEqual([true, true, true, true]), { timeout: 60_000, interval: 5 });
    expect(replies.map((r) => r.state.ended)).toEqual([false, false, false, false]);
    const done = await Promise.all(replies.map((r) => r.result));
    expect(done.map((g) => [g.stopReason, g.completionTokens])).toEqual(Array.from({ length: 4 }, () => ['maxTokens', 60]));
    expect(done.map((g) => g.text)).toEqual(replies.map((r) => r.state.text));
    expect(runtime.queue.running).toBe(0);
  });

  it('stops one reply at once without disturbing the other three, and its place goes to the next reply', async () => {
    const replies = ['a', 'b', 'c', 'd'].map((account) => reply(runtime, account, 1800));
    await vi.waitFor(() => expect(replies.every((r) => r.state.pieces > 0)).toBe(true), { timeout: 60_000, interval: 5 });
    replies[1]!.abort.abort();
    const stopped = await replies[1]!.result;
    expect(stopped.stopReason).toBe('abort');
    expect(stopped.completionTokens).toBeLessThan(1800);
    // Ended while the other three still write, its turn free at once: a fifth reply is admitted to it.
    expect([0, 2, 3].map((i) => replies[i]!.state.ended)).toEqual([false, false, false]);
    expect(runtime.queue.running).toBe(3);
    const fifth = reply(runtime, 'e', 20);
    expect(runtime.queue.running).toBe(4);
    expect(runtime.queue.waiting).toBe(0);
    const others = await Promise.all([0, 2, 3].map((i) => replies[i]!.result));
    expect(others.map((g) => [g.stopReason, g.completionTokens])).toEqual(Array.from({ length: 3 }, () => ['maxTokens', 1800]));
    expect(others.map((g) => g.text)).toEqual([0, 2, 3].map((i) => replies[i]!.state.text));
    expect((await fifth.result).completionTokens).toBe(20);
  });

  it('gives a freed turn to another account before more of a busy account, and refuses that account past its share', async () => {
    // Account "busy" fills the four sequences (nobody else wanted them) and its share of the line.
    const short = reply(runtime, 'busy', 10);
    const long = [1, 2, 3].map(() => reply(runtime, 'busy', 1800));
    const waitingBusy = [1, 2].map(() => reply(runtime, 'busy', 10));
    expect(runtime.queue.running).toBe(4);
    expect(runtime.queue.waiting).toBe(2);
    const refused = await reply(runtime, 'busy', 10).result.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AccountQueueFullError);
    // Another account still gets in line, behind nobody.
    const other = reply(runtime, 'other', 10);
    expect(runtime.queue.waiting).toBe(3);
    await short.result;
    // The turn busy's short reply freed went to "other"; busy's two waiting replies still wait.
    expect(runtime.queue.waiting).toBe(2);
    expect(runtime.queue.running).toBe(4);
    for (const r of [...long, ...waitingBusy]) r.abort.abort();
    expect((await other.result).completionTokens).toBe(10);
    await Promise.allSettled([...long, ...waitingBusy].map((r) => r.result));
    expect(runtime.queue.running).toBe(0);
    expect(runtime.queue.waiting).toBe(0);
  });
});
