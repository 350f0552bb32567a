import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../server/adapters/llm/embeddings';
import { loadConfig } from '../../server/config';
import { readableFiles } from '../../server/modules/files/file-access';
import { embeddingsRepository } from '../../server/modules/search/embeddings.repository';
import { uploadThroughApi } from '../support/files';
import { search, waitForEmbeddings, waitForIndexing } from '../support/search';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { startLlamaServer, type LlamaServer } from './llama-server';

/**
 * Hybrid retrieval with a real embedding runtime: llama.cpp's /v1/embeddings serving the tiny GGUF
 * (tests/fixtures). The model is tiny, so what its vectors mean is not tested, only that Genie
 * embeds every passage with it, stores the runtime's vectors, ranks by them among the caller's
 * passages only, and fuses the two rankings.
 */
const MODEL_PATH = 'tests/fixtures/genie-tiny.gguf';

describe('hybrid retrieval against llama.cpp embeddings', () => {
  let peer: LlamaServer;
  let t: TestApp;
  let model: string;
  let a: { cookie: string; user: { id: string } };
  let b: { cookie: string; user: { id: string } };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    peer = await startLlamaServer({ modelPath: MODEL_PATH });
    model = `openai-compatible:${peer.modelId}`;
    t = await createTestApp({ env: { GENIE_EMBEDDING_MODEL: model, OPENAI_COMPATIBLE_BASE_URL: peer.url, EXTRACTION_TIMEOUT_SECONDS: '300' } });
    a = await signUp(t.app);
    b = await signUp(t.app);
    const upload = async (cookie: string, name: string, text: string) => (await uploadThroughApi(t.app, cookie, { name, bytes: Buffer.from(text), type: 'text/markdown' })).id;
    ids.contract = await upload(a.cookie, 'contract.md', '# Termination\n\nEither party may end this agreement with ninety days written notice.\n');
    ids.menu = await upload(a.cookie, 'menu.md', '# Menu\n\nThe canteen serves tomato soup and bread on Fridays.\n');
    ids.theirs = await upload(b.cookie, 'theirs.md', '# Notice\n\nOur landlord needs sixty days notice before we leave the office.\n');
    await waitForIndexing(t.app, a.cookie);
    await waitForIndexing(t.app, b.cookie);
    await waitForEmbeddings(t.database.db, model);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('stores one vector per passage, of the model’s width, the runtime’s own for that text', async () => {
    const rows = (await t.database.db.execute(sql`select dims from passage_embeddings`)) as unknown as { rows: { dims: number }[] };
    expect(rows.rows).toHaveLength(3);
    const embedder = createEmbedder(loadConfig({ NODE_ENV: 'test', GENIE_EMBEDDING_MODEL: model, OPENAI_COMPATIBLE_BASE_URL: peer.url }))!;
    // The text the worker embeds for contract.md's one passage: file name, heading, passage.
    const stored = (await t.database.db.execute(sql`select body from passages where file_id = ${ids.contract}::uuid`)) as unknown as { rows: { body: string }[] };
    const [vector] = await embedder.embed([`contract.md\nTermination\n${stored.rows[0]!.body}`]);
    expect(rows.rows[0]!.dims).toBe(vector!.length);
    const filter = { readable: readableFiles(a.user.id), userId: a.user.id, scope: 'all' as const };
    const [nearest] = await embeddingsRepository.nearest(t.database.db, model, filter, vector!, 10, false);
    expect(nearest!.similarity).toBeCloseTo(1, 4);
  });

  it('fuses full-text and vector ranks, and never ranks another user’s passages', async () => {
    const results = await search(t.app, a.cookie, 'ninety days written notice');
    expect(results[0]).toMatchObject({ fileId: ids.contract });
    // Every passage A may read is in the vector ranking (two), so each result has a fused score above the full-text share alone.
    expect(results.map((r) => r.fileId).sort()).toEqual([ids.contract, ids.menu].sort());
    expect(results[0]!.score).toBeGreaterThan(Math.round((1 / 61) * 10_000) / 10_000);
    const theirs = await search(t.app, b.cookie, 'ninety days written notice');
    expect(theirs.map((r) => r.fileId)).toEqual([ids.theirs]);
  });
});

describe('embeddings in Genie’s own process (GENIE_EMBEDDING_MODEL=local:)', () => {
  let peer: LlamaServer;
  let t: TestApp;
  const model = `local:${MODEL_PATH}`;
  let a: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    // The same model served over HTTP: what the in-process vectors are compared with.
    peer = await startLlamaServer({ modelPath: MODEL_PATH });
    t = await createTestApp({ env: { GENIE_EMBEDDING_MODEL: model, EXTRACTION_TIMEOUT_SECONDS: '300' } });
    a = await signUp(t.app);
    await uploadThroughApi(t.app, a.cookie, { name: 'contract.md', bytes: Buffer.from('# Termination\n\nEither party may end this agreement with ninety days written notice.\n'), type: 'text/markdown' });
    await uploadThroughApi(t.app, a.cookie, { name: 'menu.md', bytes: Buffer.from('# Menu\n\nThe canteen serves tomato soup and bread on Fridays.\n'), type: 'text/markdown' });
    await waitForIndexing(t.app, a.cookie);
    await waitForEmbeddings(t.database.db, model);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('embeds every passage with llama.cpp in-process, the same vectors the runtime gives over HTTP', async () => {
    const rows = (await t.database.db.execute(sql`select e.dims, p.body, f.original_name from passage_embeddings e join passages p on p.id = e.passage_id join files f on f.id = p.file_id order by f.original_name`)) as unknown as {
      rows: { dims: number; body: string; original_name: string }[];
    };
    expect(rows.rows.map((row) => row.original_name)).toEqual(['contract.md', 'menu.md']);
    const overHttp = createEmbedder(loadConfig({ NODE_ENV: 'test', GENIE_EMBEDDING_MODEL: `openai-compatible:${peer.modelId}`, OPENAI_COMPATIBLE_BASE_URL: peer.url }))!;
    const [vector] = await overHttp.embed([`contract.md\nTermination\n${rows.rows[0]!.body}`]);
    expect(rows.rows[0]!.dims).toBe(vector!.length);
    const filter = { readable: readableFiles(a.user.id), userId: a.user.id, scope: 'all' as const };
    const [nearest] = await embeddingsRepository.nearest(t.database.db, model, filter, vector!, 10, false);
    expect(nearest!.similarity).toBeCloseTo(1, 3);
    expect((await search(t.app, a.cookie, 'ninety days written notice'))[0]?.fileName).toBe('contract.md');
  });
});
