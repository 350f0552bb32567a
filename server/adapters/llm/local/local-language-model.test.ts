import { describe, expect, it } from 'vitest';
import { streamModel } from '../model-stream';
import { ProviderError } from '../provider-error';
import { AccountQueueFullError, GenerationQueue } from './generation-queue';
import { createLocalLanguageModel } from './local-language-model';
import type { LocalGeneration, LocalModelRuntime } from './local-runtime';

/**
 * The chat path down to the local runtime's queue, without llama.cpp: a runtime whose generate
 * takes its turn in a real GenerationQueue and answers one word (tests/peers runs the real model).
 */
function queuedRuntime(queue: GenerationQueue, accounts: (string | undefined)[]): Pick<LocalModelRuntime, 'generate'> {
  return {
    async generate(options) {
      accounts.push(options.account);
      const release = await queue.acquire(options.signal, options.account);
      try {
        options.onText('hello');
        const generation: LocalGeneration = { endedAt: 0, text: 'hello', promptTokens: 3, completionTokens: 1, seconds: 0.01, stopReason: 'eogToken' };
        return generation;
      } finally {
        release();
      }
    },
  };
}

const ask = (model: ReturnType<typeof createLocalLanguageModel>, account: string | undefined) =>
  streamModel({ model, system: 'terse', history: [], user: [{ type: 'text', text: 'hi' }], signal: new AbortController().signal, idleTimeoutMs: 5_000, account });

async function readAll(stream: AsyncGenerator<string, unknown>): Promise<string> {
  let text = '';
  for (let next = await stream.next(); !next.done; next = await stream.next()) text += next.value;
  return text;
}

describe('a local model between accounts', () => {
  it('hands the account a reply is for down to the runtime queue', async () => {
    const accounts: (string | undefined)[] = [];
    const model = createLocalLanguageModel(queuedRuntime(new GenerationQueue(1, 8, 2), accounts), 'local:test.gguf');
    expect(await readAll(ask(model, 'user-1'))).toBe('hello');
    expect(accounts).toEqual(['user-1']);
  });

  it("answers an account over its share of the line as busy, with the account's own sentence, while another account still waits", async () => {
    const queue = new GenerationQueue(1, 8, 1);
    const model = createLocalLanguageModel(queuedRuntime(queue, []), 'local:test.gguf');
    const release = await queue.acquire(undefined, 'someone-writing');
    const waiting = readAll(ask(model, 'a'));
    await expect.poll(() => queue.waiting).toBe(1);
    const refused = await readAll(ask(model, 'a')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ kind: 'busy', message: new AccountQueueFullError().message });
    const other = readAll(ask(model, 'b'));
    await expect.poll(() => queue.waiting).toBe(2);
    release();
    expect(await Promise.all([waiting, other])).toEqual(['hello', 'hello']);
  });
});
