import { setTimeout as later } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { createIndexer } from './indexer';

/**
 * The indexer's loop on its own (the search tests cover what it stores). PGlite answers in this
 * thread through promises alone, so a loop of statements whose files fail at once never gives the
 * event loop a turn unless it yields: a Genie restored with 100,000 unread files did not start
 * in 90 s (bench/files-list.bench.ts), its timers and sockets waiting behind the whole queue.
 */
describe('the background indexer', () => {
  let t: TestApp;
  const FILES = 300;
  const count = async (status: string) =>
    Number(((await t.database.db.execute(sql`select count(*)::int as n from files where index_status = ${status}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await signUp(t.app);
    // Waiting files whose bytes are gone: each fails at once, with no I/O of its own.
    await t.database.db.execute(sql`
      insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path)
      select ${user.id}::uuid, 'report-' || g || '.pdf', 'obj-' || g, 'application/pdf', 'document', 1000, 'users/gone-' || g
      from generate_series(1, ${FILES}) g`);
  });
  afterAll(() => t.close());

  it('gives the event loop a turn between files, so a long queue of quick failures starves nothing', async () => {
    const indexer = createIndexer({
      db: t.database.db,
      extraction: { limits: { maxInputBytes: 10_000_000, maxChars: 100_000 } as never, extract: () => Promise.reject(new Error('no such object')) },
      open: () => Promise.reject(new Error('no such object')),
      language: 'english',
      concurrency: 1,
      pollMs: 60_000,
    });
    let pendingWhenTimerRan = -1;
    // A timer set before the loop starts: it runs at the event loop's next turn.
    const timer = later(0).then(async () => {
      pendingWhenTimerRan = await count('pending');
    });
    await indexer.start();
    await timer;
    await indexer.idle();
    await indexer.stop();
    expect(pendingWhenTimerRan).toBeGreaterThan(FILES / 2);
    expect(await count('failed')).toBe(FILES);
  });
});
