import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus, type Corpus } from '../../../bench/lib/retrieval-corpus';
import { QUESTIONS } from '../../../bench/lib/retrieval-questions';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import { readableFiles } from '../files/file-access';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { searchRepository } from './search.repository';

/**
 * The first cut (first-cut.ts) bounds how many passages are scored; on a library where it is not
 * reached it changes nothing. Fastify's documentation (bench/retrieval.bench.ts's corpus: 41
 * files, ~530 passages) ranks the same with and without it for all 44 benchmark questions.
 */
describe('two-stage ranking', () => {
  let t: TestApp;
  let corpus: Corpus;
  const filterOf = (userId: string) => ({ readable: readableFiles(userId), userId, scope: 'all' as const });

  beforeAll(async () => {
    t = await createTestApp();
    corpus = await buildCorpus(t.database.db, 'english');
  }, 600_000);
  afterAll(() => t.close());

  it('returns the same top ten, in the same order and with the same scores, as scoring every match', async () => {
    const db = t.database.db;
    for (const [question] of QUESTIONS) {
      const cut = await searchRepository.rankPassages(db, 'english', question, filterOf(corpus.userId), 10);
      const every = await searchRepository.rankPassages(db, 'english', question, filterOf(corpus.userId), 10, { cutSize: null });
      expect(cut.map((p) => [p.id, p.score.toFixed(6)]), question).toEqual(every.map((p) => [p.id, p.score.toFixed(6)]));
      expect(cut.length, question).toBe(10);
    }
  }, 300_000);

  it('when the cut is reached, keeps the passages holding every word before those holding fewer', async () => {
    const db = t.database.db;
    // Many passages hold one of the words, few hold both: a cut of 3 must still reach the few.
    const both = await searchRepository.rankPassages(db, 'english', 'reply hijack', filterOf(corpus.userId), 3, { cutSize: 3 });
    const result = await db.execute(sql`select id from passages where tsv @@ websearch_to_tsquery('english', 'reply hijack')`);
    const holdingBoth = new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
    const holdingOne = await db.execute(sql`select count(*)::int as n from passages where tsv @@ to_tsquery('english', 'reply | hijack')`);
    expect((holdingOne as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(holdingBoth.size + 3);
    expect(holdingBoth.size).toBeGreaterThan(0);
    expect(both.length).toBe(Math.min(3, holdingBoth.size));
    for (const p of both) expect(holdingBoth.has(p.id)).toBe(true);
  }, 120_000);

  it('reads only the caller’s files in the first cut: another user gets nothing from this corpus', async () => {
    const db = t.database.db;
    const [other] = await db.insert(users).values({ username: 'other', email: 'other@example.com', passwordHash: 'x' }).returning();
    await db.insert(files).values({ userId: other!.id, originalName: 'empty.md', storedName: 'e', mimeType: 'text/markdown', category: 'document', size: 1, objectPath: '/objects/e', indexStatus: 'indexed' });
    for (const [question] of QUESTIONS.slice(0, 5)) {
      expect(await searchRepository.rankPassages(db, 'english', question, filterOf(other!.id), 10)).toEqual([]);
    }
  });
});
