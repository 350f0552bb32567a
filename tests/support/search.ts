/** Search-index helpers for API tests: wait until the background indexer has dealt with the user's files. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { FileRecord } from '@contract/files';
import type { Db } from '../../server/db/database';
import { embeddingsRepository } from '../../server/modules/search/embeddings.repository';

/**
 * Polls GET /api/files (the files at the top, or in a folder) until no file is pending or
 * indexing, and returns them. Bounded in rounds, not in time: a slow machine only waits longer.
 */
export async function waitForIndexing(app: FastifyInstance, cookie: string, folderId?: string): Promise<FileRecord[]> {
  for (let round = 0; round < 3000; round++) {
    const response = await app.inject({ method: 'GET', url: `/api/files${folderId ? `?folderId=${folderId}` : ''}`, headers: { cookie } });
    const files = response.json().files as FileRecord[];
    if (files.every((f) => f.indexStatus !== 'pending' && f.indexStatus !== 'indexing')) return files;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('indexing did not finish');
}

export async function search(app: FastifyInstance, cookie: string, q: string, extra = '') {
  const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
  return response.json().results as { fileId: string; fileName: string; folderPath: string; page: number | null; snippet: string; highlights: [number, number][]; score: number }[];
}

/**
 * Waits until every passage has a vector from `model` (hybrid retrieval's background embedder),
 * and returns how many passages there are. Bounded in rounds, not in time.
 */
export async function waitForEmbeddings(db: Db, model: string): Promise<number> {
  for (let round = 0; round < 3000; round++) {
    const total = ((await db.execute(sql`select count(*)::int as n from passages`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    if ((await embeddingsRepository.count(db, model)) === total) return total;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('embedding did not finish');
}
