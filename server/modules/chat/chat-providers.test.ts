import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { storeUserFile } from '../../../tests/fakes/chat-helpers';
import { FAKE_PNG_BASE64, startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * The hosted providers' own adapters, pointed at the fake server through <PROVIDER>_BASE_URL:
 * OpenAI for default and gino, xAI for g, a generic server for gina. Images reach the vision
 * providers as images and are only named for the others.
 */
describe('chat through each provider adapter', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let store: LocalDiskStore;
  let storeDir: string;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    storeDir = mkdtempSync(join(tmpdir(), 'genie-providers-store-'));
    store = new LocalDiskStore(storeDir);
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-openai',
        OPENAI_BASE_URL: fake.url,
        XAI_API_KEY: 'xai-test',
        XAI_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_API_KEY: 'local-key',
        GENIE_MODEL_DEFAULT: 'openai:gpt-4o-mini',
        GENIE_MODEL_GINA: 'openai-compatible:qwen2.5',
        // One request per chat: the model-written title's call (chat-title-model.test.ts) is off here.
        GENIE_MODEL_TITLES: 'false',
      },
      deps: { objectStore: store },
    });
    ({ cookie, user: { id: userId } } = await signUp(t.app));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(storeDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const chat = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload });

  it.each([
    ['default', 'gpt-4o-mini', 'Bearer sk-test-openai'],
    ['gino', 'gpt-4o', 'Bearer sk-test-openai'],
    ['gina', 'qwen2.5', 'Bearer local-key'],
    ['g', 'grok-3', 'Bearer xai-test'],
  ])('persona %s calls /v1/chat/completions with model %s and its key', async (character, model, authorization) => {
    const response = await chat({ message: 'Hello there', character });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toBe('Fake reply to: Hello there');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: { model } });
    expect(fake.requests[0]!.headers.authorization).toBe(authorization);
  });

  it('sends an attached image as an image to a vision provider, and reads it by OCR for the others', async () => {
    const png = await storeUserFile(t.database.db, store, userId, {
      name: 'chart.png',
      type: 'image/png',
      bytes: Buffer.from(FAKE_PNG_BASE64, 'base64'),
      category: 'image',
    });
    const attachments = [{ url: png.id, name: 'chart.png', type: 'image/png', size: png.size }];

    await chat({ message: 'What is in this chart?', character: 'gino', attachments });
    const visionContent = fake.requests[0]!.body!.messages!.at(-1)!.content as { type: string; image_url?: { url: string } }[];
    expect(visionContent.map((p) => p.type)).toEqual(['text', 'text', 'image_url']);
    expect(visionContent[2]!.image_url!.url).toBe(`data:image/png;base64,${FAKE_PNG_BASE64}`);

    fake.requests.length = 0;
    await chat({ message: 'What is in this chart?', character: 'gina', attachments });
    expect(fake.requests[0]!.body!.messages!.at(-1)!.content).toBe(
      `What is in this chart?\n\nAttached file "chart.png" (image/png, ${png.size} bytes): an image with no text OCR could read.`,
    );
  });
});
