import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { rowsOf, type Db } from '../../db/database';
import { users } from '../../db/schema/users';
import { readableFiles } from '../files/file-access';
import { readFirstCut, SAMPLE_ROWS, WALK_ROWS } from './first-cut-reader';
import { filterSql, searchRepository } from './search.repository';

/**
 * How the first cut reads its levels on a library larger than WALK_ROWS passages (issue 48): a
 * level most passages match is walked (no bitmap of all its matches is built), a rare one is read
 * through the GIN index, and a walk the sample misjudged is completed through the index. The
 * library is made in the test, so each word's share and place in the walk's order is known:
 * - 150 files first in the walk's order (the smallest ids), 3 passages each, all "zebra common";
 * - 1,300 more files, 3 passages each, all "common"; 10 of them also "quokka".
 */
describe('first cut reader', () => {
  let t: TestApp;
  let db: Db;
  let ownerId: string;
  let strangerId: string;
  const allowedFor = (userId: string) => filterSql({ readable: readableFiles(userId), userId, scope: 'all' });

  /** The cut as rankPassages reads it: in its transaction, with its planner settings. */
  const cut = (userId: string, text: string, cutSize = 600) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_hashjoin = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      const parsed = await searchRepository.parseQuery(tx as unknown as Db, 'english', text);
      return readFirstCut(tx as unknown as Db, allowedFor(userId), parsed!.levels, cutSize);
    });
  const idsWhere = async (condition: string) =>
    new Set(rowsOf<{ id: string }>(await db.execute(sql`select id from passages where tsv @@ to_tsquery('english', ${condition})`)).map((r) => r.id));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const [owner] = await db.insert(users).values({ username: 'owner', email: 'owner@example.com', passwordHash: 'x' }).returning();
    const [stranger] = await db.insert(users).values({ username: 'stranger', email: 'stranger@example.com', passwordHash: 'x' }).returning();
    ownerId = owner!.id;
    strangerId = stranger!.id;
    await db.execute(sql`
      insert into files (id, user_id, original_name, stored_name, mime_type, category, size, object_path, index_status)
      select case when g <= 150 then ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid else gen_random_uuid() end,
             ${ownerId}::uuid, 'f' || g || '.txt', 's' || g, 'text/plain', 'document', 1, '/objects/t/' || g, 'indexed'
      from generate_series(1, 1450) g`);
    await db.execute(sql`
      insert into passages (file_id, ordinal, char_start, char_end, body, language, tsv)
      select f.id, o, 0, 10, b.body, 'english', to_tsvector('english', b.body)
      from files f cross join generate_series(0, 2) o
      cross join lateral (select case
        when f.id::text like '00000000-%' then 'zebra common'
        when o = 0 and substr(f.stored_name, 2)::int % 130 = 0 then 'common quokka'
        else 'common words' end as body) b`);
  }, 120_000);
  afterAll(() => t.close());

  it('has a library larger than a walk, as the walk needs', async () => {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from passages`));
    expect(row!.n).toBe(4350);
    expect(row!.n).toBeGreaterThan(WALK_ROWS);
    expect((await idsWhere('quokka')).size).toBe(10);
  });

  it('walks a level most passages match, and stops when the cut is full', async () => {
    const common = await idsWhere('common');
    const { ids, reads } = await cut(ownerId, 'common');
    expect(reads).toEqual(['walk']);
    expect(ids.length).toBe(600);
    expect(ids.every((id) => common.has(id))).toBe(true);
  });

  it('reads a rare level through the index, every match of it', async () => {
    const { ids, reads } = await cut(ownerId, 'quokka');
    expect(reads).toEqual(['index']);
    expect(new Set(ids)).toEqual(await idsWhere('quokka'));
  });

  it('keeps every passage of the rarer level first, then fills the cut from the walked one', async () => {
    const both = await idsWhere('quokka');
    const { ids, reads } = await cut(ownerId, 'quokka common');
    expect(reads).toEqual(['index', 'walk']);
    expect(ids.length).toBe(600);
    expect(new Set(ids).size).toBe(600);
    expect(ids.slice(0, 10).sort()).toEqual([...both].sort());
  });

  it('completes through the index a walk the sample misjudged (the dense start of the library)', async () => {
    // The first SAMPLE_ROWS passages of the walk are all "zebra", the library's other 3,900 none.
    const zebra = await idsWhere('zebra');
    expect(zebra.size).toBe(450);
    expect(zebra.size).toBeGreaterThan(SAMPLE_ROWS);
    const { ids, reads } = await cut(ownerId, 'zebra');
    expect(reads).toEqual(['walk+index']);
    expect(new Set(ids)).toEqual(zebra);
    expect(ids.length).toBe(450);
  });

  it('walks only the files the caller may read', async () => {
    const { ids, reads } = await cut(strangerId, 'common');
    expect(reads).toEqual(['index']);
    expect(ids).toEqual([]);
    expect(await searchRepository.rankPassages(db, 'english', 'common', { readable: readableFiles(strangerId), userId: strangerId, scope: 'all' }, 10)).toEqual([]);
  });

  it('ranks the walked cut: the best ten of a common word come back with their scores', async () => {
    const ranked = await searchRepository.rankPassages(db, 'english', 'quokka common', { readable: readableFiles(ownerId), userId: ownerId, scope: 'all' }, 10);
    expect(ranked.length).toBe(10);
    // The ten passages holding both words rank first, each scored twice a "common"-only passage.
    expect(new Set(ranked.map((p) => p.id))).toEqual(await idsWhere('quokka'));
    expect(ranked.every((p) => p.body === 'common quokka')).toBe(true);
  });
});
