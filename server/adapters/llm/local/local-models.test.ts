import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { prepareLocalModels } from './local-models';

describe('prepareLocalModels', () => {
  it('does not touch the runtime when no setting names a local model', async () => {
    let imported = false;
    await prepareLocalModels(loadConfig({ GENIE_MODEL_DEFAULT: 'openai:gpt-4o' }), async () => {
      imported = true;
      throw new Error('not expected');
    });
    expect(imported).toBe(false);
  });

  it('stops start with one sentence naming the setting when the llama.cpp runtime is missing', async () => {
    const missing = () => Promise.reject(new Error("Cannot find package 'node-llama-cpp' imported from /srv/genie/server"));
    const error = await prepareLocalModels(loadConfig({ GENIE_MODEL_GINO: 'local:/models/a.gguf' }), missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      "GENIE_MODEL_GINO: a local model needs the llama.cpp runtime (the optional package node-llama-cpp with its CPU binary for this platform), which could not be loaded (Cannot find package 'node-llama-cpp' imported from /srv/genie/server). Install Genie without --omit=optional, or name another provider.",
    );
  });
});
