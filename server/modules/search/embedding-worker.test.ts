import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingRefused, type Embedder } from '../../adapters/llm/embeddings';
import type { Db } from '../../db/database';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createEmbeddingWorker } from './embedding-worker';
import { searchRepository } from './search.repository';

/**
 * The embedding worker's queue: one passage the model cannot take must not hold up the others
 * (it is marked and not asked again), and a model that is down marks nothing (all is retried).
 */
const MODEL = 'openai-compatible:test';

function embedderFailing(on: (text: string) => boolean, error: () => Error): Embedder & { calls: number } {
  const embedder = {
    model: MODEL,
    calls: 0,
    async embed(texts: string[]) {
      embedder.calls++;
      if (texts.some(on)) throw error();
      return texts.map(() => [1, 0]);
    },
  };
  return embedder;
}

async function dimsByBody(db: Db): Promise<Record<string, number>> {
  const result = (await db.execute(sql`select p.body, e.dims from passages p join passage_embeddings e on e.passage_id = p.id`)) as unknown as { rows: { body: string; dims: number }[] };
  return Object.fromEntries(result.rows.map((r) => [r.body, r.dims]));
}

describe('the embedding worker', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [user] = await db.insert(users).values({ username: 'embed', email: 'embed@example.com', passwordHash: 'x' }).returning();
    const [file] = await db
      .insert(files)
      .values({ userId: user!.id, originalName: 'a.md', storedName: 'a', mimeType: 'text/markdown', category: 'document', size: 1, objectPath: '/objects/a', indexStatus: 'indexing' })
      .returning();
    const drafts = ['first passage', 'POISON passage', 'third passage'].map((body, ordinal) => ({ ordinal, page: null, heading: null, charStart: 0, charEnd: body.length, body }));
    await searchRepository.storePassages(db, file!.id, 'english', drafts);
  });
  afterAll(() => t.close());

  it('marks nothing while the model is down, and tries again later', async () => {
    const down = embedderFailing(() => true, () => new Error('the embedding model answered HTTP 503'));
    const errors: string[] = [];
    const worker = createEmbeddingWorker({ db: t.database.db, embedder: down, pgvector: false, maxChars: 1500, onError: (m) => errors.push(m) });
    await worker.idle();
    await worker.stop();
    expect(await dimsByBody(t.database.db)).toEqual({});
    expect(errors).toEqual(['embedding passages paused until the next try: the embedding model answered HTTP 503']);
  });

  it('stores the others and marks the one passage the model fails on (a 500, as llama.cpp answers a text too long)', async () => {
    const poisoned = embedderFailing((text) => text.includes('POISON'), () => new Error('the embedding model answered HTTP 500'));
    const worker = createEmbeddingWorker({ db: t.database.db, embedder: poisoned, pgvector: false, maxChars: 1500 });
    await worker.idle();
    await worker.stop();
    expect(await dimsByBody(t.database.db)).toEqual({ 'first passage': 2, 'POISON passage': 0, 'third passage': 2 });
    // The batch, then each of its three texts alone; nothing is asked again after.
    expect(poisoned.calls).toBe(4);
  });

  it('marks a passage refused alone (HTTP 400) without asking again', async () => {
    await t.database.db.execute(sql`delete from passage_embeddings`);
    const refusing = embedderFailing((text) => text.includes('POISON'), () => new EmbeddingRefused('the embedding model answered HTTP 400'));
    const worker = createEmbeddingWorker({ db: t.database.db, embedder: refusing, pgvector: false, maxChars: 1500 });
    await worker.idle();
    await worker.idle();
    await worker.stop();
    expect(await dimsByBody(t.database.db)).toEqual({ 'first passage': 2, 'POISON passage': 0, 'third passage': 2 });
    expect(refusing.calls).toBe(4);
  });
});
