import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { uploadThroughApi } from '../../../tests/support/files';
import { search, waitForEmbeddings as waitForEmbeddings_, waitForIndexing } from '../../../tests/support/search';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import type { Db } from '../../db/database';
import { readableFiles } from '../files/file-access';
import { EMBEDDING_BATCH } from './embedding-worker';
import { embeddingsRepository } from './embeddings.repository';
import { searchRepository } from './search.repository';

/**
 * Hybrid retrieval (GENIE_EMBEDDING_MODEL) against the fake model server's /v1/embeddings, whose
 * vectors are hashed character trigrams: a misspelled word lands near the passage that spells it
 * right, which full-text search cannot find. Proves the fusion adds such a passage, that the
 * vector path reads only the caller's passages, and that a failing model neither fails indexing
 * nor search, and is caught up with afterwards.
 */
const MODEL = 'openai-compatible:fake-embed';

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const waitForEmbeddings = (db: Db) => waitForEmbeddings_(db, MODEL);

const markdown = (text: string) => ({ bytes: Buffer.from(text), type: 'text/markdown' });

describe('hybrid retrieval', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let a: { cookie: string; user: { id: string } };
  let b: { cookie: string; user: { id: string } };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: { GENIE_EMBEDDING_MODEL: MODEL, OPENAI_COMPATIBLE_BASE_URL: fake.url, EXTRACTION_TIMEOUT_SECONDS: '300' } });
    a = await signUp(t.app);
    b = await signUp(t.app);
    ids.suppliers = (await uploadThroughApi(t.app, a.cookie, { name: 'suppliers.md', ...markdown('# Suppliers\n\nZephyrine Metals ships titanium sheet from Porto every quarter.\n') })).id;
    ids.lunch = (await uploadThroughApi(t.app, a.cookie, { name: 'lunch.md', ...markdown('# Lunch\n\nThe canteen serves soup on Fridays.\n') })).id;
    ids.theirs = (await uploadThroughApi(t.app, b.cookie, { name: 'orders.md', ...markdown('# Orders\n\nWe order copper wire from a mill in Leeds.\n') })).id;
    await waitForIndexing(t.app, a.cookie);
    await waitForIndexing(t.app, b.cookie);
    await waitForEmbeddings(t.database.db);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('embeds passages in batches with the configured model id', () => {
    const calls = fake.requests.filter((r) => r.path === '/v1/embeddings');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.body?.model).toBe('fake-embed');
      expect((call.body?.input as string[]).length).toBeLessThanOrEqual(EMBEDDING_BATCH);
    }
    const embedded = calls.flatMap((c) => c.body?.input as string[]);
    // What is embedded: the file name, the heading and the passage.
    const suppliers = embedded.find((text) => text.startsWith('suppliers.md\nSuppliers\n'));
    expect(suppliers).toContain('Zephyrine Metals ships titanium sheet from Porto every quarter.');
  });

  it('finds by meaning what full-text search misses: a misspelled name', async () => {
    const filter = { readable: readableFiles(a.user.id), userId: a.user.id, scope: 'all' as const };
    expect(await searchRepository.rankPassages(t.database.db, 'english', 'Zefyrine', filter, 10)).toEqual([]);
    const [top] = await search(t.app, a.cookie, 'Zefyrine');
    expect(top).toMatchObject({ fileId: ids.suppliers, fileName: 'suppliers.md', page: null });
    expect(top!.snippet).toContain('Zephyrine Metals ships titanium');
    // Found by both rankings, the right passage still comes first: 1/61 + 1/61.
    const [both] = await search(t.app, a.cookie, 'Zephyrine titanium');
    expect(both).toMatchObject({ fileId: ids.suppliers, score: Math.round((2 / 61) * 10_000) / 10_000 });
  });

  it('never gives user B a passage of A’s through the vector path', async () => {
    // A's passage is the nearest to this query of all, and B's search reads only B's own.
    const results = await search(t.app, b.cookie, 'Zephyrine Metals titanium Porto');
    expect(results.map((r) => r.fileId)).toEqual([ids.theirs]);
    const filter = { readable: readableFiles(b.user.id), userId: b.user.id, scope: 'all' as const };
    const hits = await embeddingsRepository.nearest(t.database.db, MODEL, filter, (await queryVector('Zephyrine Metals titanium Porto'))!, 50, false);
    const theirs = await count(t.database.db, sql`select count(*)::int as n from passages where file_id = ${ids.theirs}::uuid`);
    expect(hits).toHaveLength(theirs);
  });

  it('keeps indexing and searching while the model fails, and catches up after', async () => {
    fake.setBehaviour({ kind: 'status', status: 500 });
    const before = await embeddingsRepository.count(t.database.db, MODEL);
    ids.late = (await uploadThroughApi(t.app, a.cookie, { name: 'late.md', ...markdown('# Late\n\nThe quarterly titanium audit is due in March.\n') })).id;
    const state = await waitForIndexing(t.app, a.cookie);
    expect(state.find((f) => f.id === ids.late)).toMatchObject({ indexStatus: 'indexed', indexError: null });
    const [top] = await search(t.app, a.cookie, 'quarterly titanium audit');
    expect(top).toMatchObject({ fileId: ids.late });
    expect(await embeddingsRepository.count(t.database.db, MODEL)).toBe(before);

    fake.setBehaviour({ kind: 'normal' });
    // The next indexed file wakes the embedder, which takes every passage still without a vector.
    await uploadThroughApi(t.app, a.cookie, { name: 'later.md', ...markdown('# Later\n\nNothing here.\n') });
    await waitForIndexing(t.app, a.cookie);
    expect(await waitForEmbeddings(t.database.db)).toBe(before + 2);
  }, 300_000);

  /** The query's vector as the service makes it: through the fake's /v1/embeddings. */
  async function queryVector(text: string): Promise<number[] | undefined> {
    const { createEmbedder } = await import('../../adapters/llm/embeddings');
    const { loadConfig } = await import('../../config');
    const embedder = createEmbedder(loadConfig({ NODE_ENV: 'test', GENIE_EMBEDDING_MODEL: MODEL, OPENAI_COMPATIBLE_BASE_URL: fake.url }));
    return (await embedder!.embed([text]))[0];
  }
});
