import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListResponse } from '@contract/files';
import { rowsOf } from '../../db/database';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * The first page of a large private Home is read from an index in its own order, not by reading
 * and sorting every file (a Home's folder_id IS NULL never fixes an index column for ordering, so
 * the (user_id, folder_id, uploaded_at) index could not give the order).
 */
describe('listing a private Home of many files', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;

  /** Scans of the files table and of the private Home's index, as PostgreSQL's statistics count them. */
  const scans = async () => {
    await t.database.db.execute(sql`select pg_stat_force_next_flush()`);
    const [row] = rowsOf<{ seq: number; home: number | null }>(
      await t.database.db.execute(sql`
        select (select seq_scan from pg_stat_user_tables where relname = 'files')::int as seq,
               (select idx_scan from pg_stat_user_indexes where indexrelname = 'files_private_home_uploaded_idx')::int as home`),
    );
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    await t.database.db.execute(sql`
      insert into files (user_id, folder_id, original_name, stored_name, mime_type, category, size, object_path, uploaded_at, index_status)
      select ${alice.user.id}, null, 'report-' || g || '.pdf', 'obj-' || g, 'application/pdf', 'document', 1000, 'users/x/' || g,
             now() - g * interval '1 second', 'indexed'
      from generate_series(0, 4999) g`);
    await t.database.db.execute(sql`analyze files`);
  });
  afterAll(() => t.close());

  it('reads the newest page through files_private_home_uploaded_idx, without a scan of the table', async () => {
    const before = await scans();
    const response = await t.app.inject({ method: 'GET', url: '/api/files', headers: { cookie: alice.cookie } });
    expect(response.statusCode).toBe(200);
    const page = response.json() as FileListResponse;
    expect(page.files[0]!.originalName).toBe('report-0.pdf');
    const after = await scans();
    expect(after.seq - before.seq).toBe(0);
    expect(after.home! - before.home!).toBe(1);
  });
});
