import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/** GET /api/personas names each model for people: the operator's GENIE_MODEL_LABEL_<PERSONA>, else a clean model name. */
describe('the personas’ readable model names', () => {
  let fake: FakeModelServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { GENIE_MODEL_LABEL_GINA: 'Acme private model' }) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('uses the operator’s label where one is set and the cleaned model id elsewhere; the raw reference stays in `model`', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect(response.statusCode).toBe(200);
    const personas = response.json().personas as { id: string; model: string; modelName: string }[];
    expect(personas.map((p) => [p.id, p.model, p.modelName])).toEqual([
      ['default', 'openai-compatible:fake-model', 'Fake Model'],
      ['gino', 'openai-compatible:fake-model', 'Fake Model'],
      ['gina', 'openai-compatible:fake-model', 'Acme private model'],
      ['g', 'openai-compatible:fake-model', 'Fake Model'],
    ]);
  });
});
