import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { buildCatalogue } from './catalogue';
import { createModelsHealth } from './provider-health';

describe('model provider health', () => {
  let fake: FakeModelServer;
  beforeAll(async () => {
    fake = await startFakeModelServer();
  });
  afterAll(() => fake.close());

  const healthFor = (env: Record<string, string>, now?: () => number) => {
    const config = loadConfig(env);
    return createModelsHealth(config, buildCatalogue(config), now);
  };
  const fakeEnv = () => ({ OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_API_KEY: 'k', GENIE_MODEL_DEFAULT: 'openai-compatible:m' });

  it('is offline with no provider, and probes nothing', async () => {
    fake.requests.length = 0;
    expect(await healthFor({})()).toBe('offline');
    expect(fake.requests).toHaveLength(0);
  });

  it('is ok when the provider lists its models, with its key', async () => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
    expect(await healthFor(fakeEnv())()).toBe('ok');
    expect(fake.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['GET', '/v1/models', 'Bearer k']]);
  });

  it('is down when the provider answers 500, and keeps the answer for 30 s', async () => {
    fake.setBehaviour({ kind: 'status', status: 500 });
    let now = 1_000_000;
    const health = healthFor(fakeEnv(), () => now);
    expect(await health()).toBe('down');
    fake.setBehaviour({ kind: 'normal' });
    now += 29_000;
    expect(await health()).toBe('down');
    now += 2_000;
    expect(await health()).toBe('ok');
  });
});
