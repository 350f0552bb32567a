import { afterAll, describe, expect, it } from 'vitest';
import { LocalModelRuntime } from './local-runtime';
import { LocalToolCallsTooLargeError } from './local-runtime-errors';

const FAKE_PROCESS = new URL('../../../../tests/fakes/local-model-process-fake.ts', import.meta.url);

/**
 * Function calls across the local model's process boundary (issue 45), against a stand-in
 * process that sends what a test asks for (tests/fakes/local-model-process-fake.ts): what the
 * server accepts is bounded as any provider's stream is (16 calls, 256-character names, 64 KB of
 * arguments). The real model's calls are in tests/peers/local-model-tools.test.ts.
 */
describe('function calls from the local model process', () => {
  const runtime = new LocalModelRuntime({ path: 'fake.gguf', threads: 1, contextSize: 2048, gpu: 'off', parallel: 1, maxWaiting: 4, maxWaitingPerAccount: 4 }, Date.now, FAKE_PROCESS);
  afterAll(() => runtime.close());

  const ask = (text: string, functions?: Parameters<LocalModelRuntime['generate']>[0]['functions']) =>
    runtime.generate({ history: [{ type: 'user', text }], signal: new AbortController().signal, onText: () => {}, ...(functions ? { functions } : {}) });

  it('sends the functions offered to the process, and none when none are', async () => {
    const functions = { fs__list_directory: { description: 'List a folder.', params: { type: 'object', properties: { path: { type: 'string' } } } } } as const;
    expect((await ask('echo', functions)).text).toBe(JSON.stringify(functions));
    expect((await ask('echo')).text).toBe('null');
  });

  it('hands back up to 16 calls, in order', async () => {
    const reply = await ask('calls:16');
    expect(reply.stopReason).toBe('functionCalls');
    expect(reply.toolCalls).toEqual(Array.from({ length: 16 }, (_, i) => ({ name: 'fs__list_directory', arguments: `{"i":${i}}` })));
  });

  it.each(['calls:17', 'long-name', 'long-arguments', 'too-large'])('refuses a reply past the bounds (%s) as too large, and answers the next one', async (command) => {
    await expect(ask(command)).rejects.toBeInstanceOf(LocalToolCallsTooLargeError);
    expect((await ask('calls:1')).toolCalls).toEqual([{ name: 'fs__list_directory', arguments: '{"i":0}' }]);
    expect(runtime.queue.running).toBe(0);
  });
});
