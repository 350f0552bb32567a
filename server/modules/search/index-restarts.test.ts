import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/database';
import { TOO_MANY_ATTEMPTS } from './index-failures';
import { createIndexer } from './indexer';
import { MAX_INDEX_ATTEMPTS, searchRepository as repo } from './search.repository';

/**
 * Issue 47: indexing blamed the file for the server's faults. Three restarts while one large file
 * was read marked it failed for good, with the passages written before the last restart left in
 * search. Only the file's own failures count (its reader crashing on it); a restart puts it back
 * in the queue, and a file that ends failed has no passages.
 */
describe('indexing across restarts and reader crashes', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await signUp(t.app)).user.id;
  });
  afterAll(() => t.close());

  async function newFile(name: string) {
    const rows = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path)
        values (${userId}::uuid, ${name}, ${name}, 'text/plain', 'document', 1000, ${`users/${userId}/${name}`}) returning id`),
    );
    return rows[0]!.id;
  }
  async function stateOf(fileId: string) {
    const rows = rowsOf<{ status: string; error: string | null; attempts: number; passages: number }>(
      await t.database.db.execute(sql`
        select index_status as status, index_error as error, index_attempts as attempts,
               (select count(*)::int from passages p where p.file_id = files.id) as passages
        from files where id = ${fileId}::uuid`),
    );
    return rows[0]!;
  }
  /** What storePassages had written when the process died in the middle of it. */
  async function partialPassages(fileId: string) {
    await t.database.db.execute(sql`
      insert into passages (file_id, ordinal, page, heading, char_start, char_end, body, language, tsv)
      select ${fileId}::uuid, g, null, null, 0, 10, 'partial words ' || g, 'english', to_tsvector('english', 'partial words')
      from generate_series(0, 4) g`);
  }
  /** Claims files until `fileId` is the one claimed (the queue is shared by the file's tests). */
  async function claim(fileId: string) {
    for (;;) {
      const file = await repo.claimNext(t.database.db);
      if (!file) throw new Error('the file was not in the queue');
      if (file.id === fileId) return;
      await repo.finish(t.database.db, file.id, 'pending', null);
    }
  }
  const indexerWith = (extract: () => Promise<unknown>) =>
    createIndexer({
      db: t.database.db,
      extraction: { limits: { maxInputBytes: 10_000_000, maxChars: 100_000 } as never, extract: extract as never },
      open: () => Promise.reject(new Error('not read in this test')),
      language: 'english',
      concurrency: 1,
      pollMs: 60_000,
    });

  it('puts a file caught by restarts back in the queue however often, and drops its partial passages', async () => {
    const fileId = await newFile('large-1.txt');
    for (let restart = 0; restart < MAX_INDEX_ATTEMPTS + 1; restart++) {
      await claim(fileId);
      await partialPassages(fileId);
      await repo.resumeInterrupted(t.database.db);
    }
    expect(await stateOf(fileId)).toEqual({ status: 'pending', error: null, attempts: 0, passages: 0 });

    // And it is indexed once the server stays up long enough.
    const indexer = indexerWith(async () => ({ ok: true, passages: [{ ordinal: 0, page: null, heading: null, charStart: 0, charEnd: 12, body: 'hello restart' }] }));
    await indexer.start();
    await indexer.idle();
    await indexer.stop();
    expect(await stateOf(fileId)).toEqual({ status: 'indexed', error: null, attempts: 0, passages: 1 });
  });

  it("counts the reader's crashes on the file, tries again until the limit, and leaves no passages when it gives up", async () => {
    const fileId = await newFile('crashes-reader.txt');
    await claim(fileId);
    await partialPassages(fileId);
    await repo.resumeInterrupted(t.database.db);
    let reads = 0;
    const indexer = indexerWith(async () => {
      reads++;
      return { ok: false, reason: 'crashed' };
    });
    await indexer.start();
    await indexer.idle();
    await indexer.stop();
    expect(reads).toBe(MAX_INDEX_ATTEMPTS);
    expect(await stateOf(fileId)).toEqual({ status: 'failed', error: TOO_MANY_ATTEMPTS, attempts: MAX_INDEX_ATTEMPTS, passages: 0 });
  });

  it('drops the passages of a file whose run ends failed', async () => {
    const fileId = await newFile('damaged.txt');
    await claim(fileId);
    await partialPassages(fileId);
    await repo.finish(t.database.db, fileId, 'failed', 'This file could not be read; it may be damaged.');
    expect(await stateOf(fileId)).toEqual({ status: 'failed', error: 'This file could not be read; it may be damaged.', attempts: 0, passages: 0 });
  });
  it('puts a file back in the queue, uncounted, when its passages cannot be written for a full disk (53100), and indexes it once there is room', async () => {
    const fileId = await newFile('disk-full.txt');
    await t.database.db.execute(sql`update files set index_status = 'failed' where index_status = 'pending' and id <> ${fileId}::uuid`);
    const passage = { ok: true, passages: [{ ordinal: 0, page: null, heading: null, charStart: 0, charEnd: 12, body: 'hello room' }] };
    // The disk is full: inserting a passage fails as PostgreSQL (and PGlite) fail it, SQLSTATE 53100.
    await t.database.db.execute(sql.raw(`
      create function disk_full_passages() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file "base/5/16488": No space left on device' using errcode = '53100'; end $$`));
    await t.database.db.execute(sql.raw('create trigger disk_full_passages before insert on passages for each row execute function disk_full_passages()'));
    const indexer = indexerWith(async () => passage);
    await indexer.start();
    await indexer.idle();
    expect(await stateOf(fileId)).toEqual({ status: 'pending', error: null, attempts: 0, passages: 0 });
    await t.database.db.execute(sql.raw('drop trigger disk_full_passages on passages'));
    await t.database.db.execute(sql.raw('drop function disk_full_passages()'));
    await indexer.idle();
    await indexer.stop();
    expect(await stateOf(fileId)).toEqual({ status: 'indexed', error: null, attempts: 0, passages: 1 });
  });
});
