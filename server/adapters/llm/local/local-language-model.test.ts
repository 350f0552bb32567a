import { describe, expect, it } from 'vitest';
import type { ModelTool, StreamEnd } from '../model-call';
import { streamModel } from '../model-stream';
import { ProviderError, UNREADABLE_REPLY } from '../provider-error';
import { AccountQueueFullError, GenerationQueue } from './generation-queue';
import { createLocalLanguageModel } from './local-language-model';
import type { LocalGeneration, LocalModelRuntime } from './local-runtime';
import { LocalToolCallsTooLargeError } from './local-runtime-errors';

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

async function readToEnd(stream: AsyncGenerator<string, StreamEnd>): Promise<{ text: string; end: StreamEnd }> {
  let text = '';
  for (let next = await stream.next(); ; next = await stream.next()) {
    if (next.done) return { text, end: next.value };
    text += next.value;
  }
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

describe('MCP tools on a local model (issue 45)', () => {
  const tools: ModelTool[] = [{ name: 'fs__read_text_file', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' } }, required: ['path'] } }];

  /** A runtime that records what it was asked and answers with `answer` (the real one: tests/peers/local-model-tools.test.ts). */
  function answering(answer: Partial<LocalGeneration> | Error) {
    const asked: Parameters<LocalModelRuntime['generate']>[0][] = [];
    const runtime: Pick<LocalModelRuntime, 'generate'> = {
      async generate(options) {
        asked.push(options);
        if (answer instanceof Error) throw answer;
        if (answer.text) options.onText(answer.text);
        return { endedAt: 0, text: '', promptTokens: 40, completionTokens: 12, seconds: 0.01, stopReason: 'functionCalls', ...answer };
      },
    };
    return { asked, model: createLocalLanguageModel(runtime, 'local:test.gguf') };
  }

  const call = (model: ReturnType<typeof createLocalLanguageModel>, toolRounds: Parameters<typeof streamModel>[0]['toolRounds'] = []) =>
    streamModel({ model, system: 'terse', history: [], user: [{ type: 'text', text: 'Read /a' }], signal: new AbortController().signal, idleTimeoutMs: 5_000, tools, toolRounds });

  it("offers the tools as node-llama-cpp functions and hands the model's calls back, numbered, as any provider's", async () => {
    const { asked, model } = answering({ text: 'Looking.', toolCalls: [{ name: 'fs__read_text_file', arguments: '{"path":"/a"}' }, { name: 'fs__read_text_file', arguments: '{"path":"/b"}' }] });
    const { text, end } = await readToEnd(call(model));
    expect(asked[0]!.functions).toEqual({ fs__read_text_file: { description: 'Read a file.', params: { type: 'object', properties: { path: { type: 'string' } } } } });
    expect(text).toBe('Looking.');
    expect(end).toEqual({
      tokensIn: 40,
      tokensOut: 12,
      cutOff: false,
      toolCalls: [
        { id: 'call_0', name: 'fs__read_text_file', arguments: '{"path":"/a"}' },
        { id: 'call_1', name: 'fs__read_text_file', arguments: '{"path":"/b"}' },
      ],
    });
  });

  it("numbers a later round's calls on from the earlier rounds' and gives the runtime those rounds in the model's turn", async () => {
    const { asked, model } = answering({ toolCalls: [{ name: 'fs__read_text_file', arguments: '{"path":"/c"}' }] });
    const { end } = await readToEnd(call(model, [{ text: '', calls: [{ id: 'call_0', name: 'fs__read_text_file', arguments: '{"path":"/a"}' }], results: { call_0: 'alpha' } }]));
    expect(end.toolCalls).toEqual([{ id: 'call_1', name: 'fs__read_text_file', arguments: '{"path":"/c"}' }]);
    expect(asked[0]!.history.at(-1)).toEqual({ type: 'model', response: [{ type: 'functionCall', name: 'fs__read_text_file', params: { path: '/a' }, result: 'alpha' }] });
  });

  it('offers no functions when the reply has no tools, and a reply without calls ends as before', async () => {
    const { asked, model } = answering({ text: 'hello', stopReason: 'eogToken' });
    const end = await readToEnd(streamModel({ model, system: 'terse', history: [], user: [{ type: 'text', text: 'hi' }], signal: new AbortController().signal, idleTimeoutMs: 5_000 }));
    expect(asked[0]!.functions).toBeUndefined();
    expect(end).toEqual({ text: 'hello', end: { tokensIn: 40, tokensOut: 12, cutOff: false } });
  });

  it("answers calls past the bounds as any provider's unreadable reply", async () => {
    const { model } = answering(new LocalToolCallsTooLargeError());
    const error = await readToEnd(call(model)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'failed', message: UNREADABLE_REPLY });
  });
});
