import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { buildCatalogue, configuredContextTokens, imageModelChoice, modelLabel } from '../catalogue';
import { readableModelName } from '../model-names';
import { defaultParallel, defaultThreads, localModelRefs, runSettings } from './local-settings';

describe('local model settings', () => {
  it('accepts local:<path> for any persona and gives it to that persona', () => {
    const config = loadConfig({ GENIE_MODEL_DEFAULT: 'local:/models/qwen2.5-3b-instruct-q4_k_m.gguf' });
    const catalogue = buildCatalogue(config);
    expect(Object.values(catalogue).map((choice) => choice && modelLabel(choice))).toEqual(Array(4).fill('local:/models/qwen2.5-3b-instruct-q4_k_m.gguf'));
    expect(readableModelName(catalogue.default!)).toBe('qwen2.5-3b-instruct-q4_k_m.gguf');
  });

  it('names each distinct file once, with the first setting that names it, as an absolute path', () => {
    const config = loadConfig({ GENIE_MODEL_DEFAULT: 'local:models/a.gguf', GENIE_MODEL_GINO: 'local:./models/a.gguf', GENIE_MODEL_G: 'local:/m/b.gguf', GENIE_MODEL_GINA: 'openai:gpt-4o' });
    expect(localModelRefs(config)).toEqual([
      { setting: 'GENIE_MODEL_DEFAULT', path: resolve('models/a.gguf') },
      { setting: 'GENIE_MODEL_G', path: '/m/b.gguf' },
    ]);
  });

  it('runs on one fewer thread than the physical cores, at least one, unless LOCAL_MODEL_THREADS says', () => {
    expect([1, 2, 4, 16].map(defaultThreads)).toEqual([1, 1, 3, 15]);
    const file = { trainContextSize: 32_768 };
    expect(runSettings(loadConfig({}), '/m/a.gguf', file, 2)).toEqual({ path: '/m/a.gguf', threads: 1, contextSize: 32_768, gpu: 'auto', parallel: undefined, maxWaiting: 8, maxWaitingPerAccount: 2 });
    expect(runSettings(loadConfig({ LOCAL_MODEL_THREADS: '3', LOCAL_MODEL_CONTEXT: '4096', LOCAL_MODEL_QUEUE: '0', LOCAL_MODEL_QUEUE_PER_ACCOUNT: '5', LOCAL_MODEL_GPU: 'off', LOCAL_MODEL_PARALLEL: '3' }), '/m/a.gguf', file, 2)).toEqual({
      path: '/m/a.gguf',
      threads: 3,
      contextSize: 4096,
      gpu: 'off',
      parallel: 3,
      maxWaiting: 0,
      maxWaitingPerAccount: 5,
    });
  });

  it('writes two replies at once per physical core, as many as half the free memory holds, at most 8', () => {
    const GiB = 1024 ** 3;
    // Cores decide with memory to spare; memory decides when a sequence's context is large.
    expect([1, 2, 4, 8].map((cores) => defaultParallel(cores, 16 * GiB, 0.1 * GiB))).toEqual([2, 4, 8, 8]);
    expect(defaultParallel(8, 4 * GiB, 0.5 * GiB)).toBe(4);
    // Never below one, even when one sequence does not fit.
    expect(defaultParallel(8, 1 * GiB, 4 * GiB)).toBe(1);
  });

  it('refuses bad values of the local settings with their names', () => {
    expect(() => loadConfig({ LOCAL_MODEL_GPU: 'rocm', LOCAL_MODEL_PARALLEL: '17' })).toThrow(/LOCAL_MODEL_GPU[\s\S]*LOCAL_MODEL_PARALLEL/);
    expect(loadConfig({}).LOCAL_MODEL_GPU).toBe('auto');
    expect(() => loadConfig({ LOCAL_MODEL_THREADS: '0', LOCAL_MODEL_CONTEXT: '100', LOCAL_MODEL_QUEUE: '-1', LOCAL_MODEL_PRELOAD: 'yes', LOCAL_MODEL_QUEUE_PER_ACCOUNT: 'x' })).toThrow(
      /LOCAL_MODEL_THREADS[\s\S]*LOCAL_MODEL_CONTEXT: must be at least 512 tokens[\s\S]*LOCAL_MODEL_PRELOAD[\s\S]*LOCAL_MODEL_QUEUE[\s\S]*LOCAL_MODEL_QUEUE_PER_ACCOUNT/,
    );
    expect(loadConfig({ LOCAL_MODEL_PRELOAD: 'true' }).LOCAL_MODEL_PRELOAD).toBe(true);
  });

  it('never uses a local model to draw, and fits prompts to the fallback size before start reads the file', () => {
    const config = loadConfig({ GENIE_MODEL_DEFAULT: 'local:/m/a.gguf', GENIE_IMAGE_MODEL: 'local:/m/a.gguf', GENIE_MODEL_CONTEXT_DEFAULT: '2048' });
    expect(imageModelChoice(config)).toBeNull();
    // Unprepared (no file read): the smaller of the persona's setting and the fallback.
    expect(configuredContextTokens(config, 'default', { provider: 'local', modelId: '/m/a.gguf' })).toBe(2048);
  });
});
