import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { rowsOf } from '../../db/database';
import { searchRepository } from './search.repository';

/**
 * The indexing queue between accounts (issue 38): 40 files of one account held up another
 * account's one small file for 82 s, because the oldest waiting file was always taken first.
 * Claims go round the accounts with waiting files instead. These tests claim from the repository
 * directly, in a few milliseconds: the app's own indexer only looks at the queue when nudged by an
 * upload or every 5 s.
 */
describe('the indexing queue between accounts', () => {
  let t: TestApp;
  const users: Record<string, string> = {};

  /** `count` waiting files of `owner`, named owner-01..., uploaded a second apart from `from` seconds ago. */
  async function upload(owner: string, count: number, secondsAgo: number) {
    await t.database.db.execute(sql`
      insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path, uploaded_at)
      select ${users[owner]!}::uuid, ${owner} || '-' || lpad(g::text, 2, '0'), 'obj', 'text/plain', 'document', 35,
             'users/' || ${owner} || '-' || g || '-' || gen_random_uuid(), now() - make_interval(secs => ${secondsAgo} - g)
      from generate_series(1, ${count}) g`);
  }

  const nameOf = async (id: string) =>
    rowsOf<{ original_name: string }>(await t.database.db.execute(sql`select original_name from files where id = ${id}::uuid`))[0]!.original_name;

  /** Claims until the queue is empty, each file finished before the next is claimed (one indexer lane). */
  async function claimAllOneByOne(): Promise<string[]> {
    const order: string[] = [];
    for (let file = await searchRepository.claimNext(t.database.db); file; file = await searchRepository.claimNext(t.database.db)) {
      order.push(await nameOf(file.id));
      await searchRepository.finish(t.database.db, file.id, 'unsupported', null);
    }
    return order;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const owner of ['a', 'b', 'c']) users[owner] = (await signUp(t.app)).user.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from files`);
    await t.database.db.execute(sql`delete from index_turns`);
  });

  it("takes the one file of an account that uploaded after another's 40 second, not 41st", async () => {
    await upload('a', 40, 1000);
    await upload('b', 1, 500);
    const order = await claimAllOneByOne();
    const aFiles = Array.from({ length: 40 }, (_, i) => `a-${String(i + 1).padStart(2, '0')}`);
    expect(order).toEqual([aFiles[0], 'b-01', ...aFiles.slice(1)]);
  });

  it('goes round the accounts with waiting files, each account’s own files oldest first', async () => {
    await upload('a', 3, 1000);
    await upload('b', 3, 900);
    await upload('c', 1, 800);
    expect(await claimAllOneByOne()).toEqual(['a-01', 'b-01', 'c-01', 'a-02', 'b-02', 'a-03', 'b-03']);
  });

  it("gives two indexers running side by side different files, and b's file within the first claim each after them", async () => {
    await upload('a', 40, 1000);
    await upload('b', 1, 500);
    const side = await Promise.all([searchRepository.claimNext(t.database.db), searchRepository.claimNext(t.database.db)]);
    const next = await Promise.all([searchRepository.claimNext(t.database.db), searchRepository.claimNext(t.database.db)]);
    const names = await Promise.all([...side, ...next].map((file) => nameOf(file!.id)));
    // On PGlite the claims run one after another (a-01, b-01, a-02, a-03). On PostgreSQL two claims
    // at the same instant read the same turns and may both go to a (a-01, a-02): b's file is then
    // the next claim. Either way no file twice, and at most one of a's files per lane before b's.
    expect(names.slice(0, 3)).toContain('b-01');
    expect([...names].sort()).toEqual(['a-01', 'a-02', 'a-03', 'b-01']);
  });

  it('remembers turns between bursts: an account that had the last turns waits behind one that had none', async () => {
    await upload('a', 2, 1000);
    expect(await claimAllOneByOne()).toEqual(['a-01', 'a-02']);
    await upload('a', 1, 100);
    await upload('b', 1, 50);
    // b has never had a turn: its file goes before a's older one.
    expect(await claimAllOneByOne()).toEqual(['b-01', 'a-01']);
  });
});

/** Two connections at once, as two Genie processes on one PostgreSQL: only there can a claim meet a locked file. */
describe.runIf(Boolean(process.env.DATABASE_URL))('the indexing queue on a shared PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("takes another account's file when the account whose turn it is has its only file locked by another claim", async () => {
    const [a, b] = [(await signUp(t.app)).user.id, (await signUp(t.app)).user.id];
    const db = t.database.db;
    await db.execute(sql`insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path, uploaded_at)
      values (${a}::uuid, 'a-old', 'obj', 'text/plain', 'document', 1, 'users/a-old-' || gen_random_uuid(), now() - interval '1 hour'),
             (${b}::uuid, 'b-new', 'obj', 'text/plain', 'document', 1, 'users/b-new-' || gen_random_uuid(), now())`);
    await db.execute(sql`insert into index_turns (user_id, turn) values (${a}::uuid, nextval('index_turn_seq'))`);
    // b's turn (it never had one), but another process is claiming b's only file right now.
    let claimed: string | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from files where user_id = ${b}::uuid for update`);
      const file = await searchRepository.claimNext(db);
      claimed = rowsOf<{ original_name: string }>(await db.execute(sql`select original_name from files where id = ${file!.id}::uuid`))[0]!.original_name;
    });
    expect(claimed).toBe('a-old');
  });
});
