import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListResponse } from '@contract/files';
import { rowsOf } from '../../db/database';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { filesRepository } from './files.repository';

/**
 * The first page of a large private Home is read from an index in its own order, not by reading
 * and sorting every file (a Home's folder_id IS NULL never fixes an index column for ordering, so
 * the (user_id, folder_id, uploaded_at) index could not give the order). Checked on the plan of
 * the repository's own statement, on PGlite and on PostgreSQL alike.
 */
describe('listing a private Home of many files', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;

  /** The statement with its parameters written in (they are a uuid and numbers made here), then its plan's node types and indexes. */
  const planOf = async (query: { sql: string; params: unknown[] }) => {
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value)}'`;
    });
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await t.database.db.execute(sql.raw(`explain (format json) ${text}`)));
    const plan = JSON.stringify(row!['QUERY PLAN']);
    return { nodes: [...plan.matchAll(/"Node Type":"([^"]+)"/g)].map((m) => m[1]), indexes: [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]) };
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

  it('reads the newest page through files_private_home_uploaded_idx, with no sort of the files', async () => {
    const plan = await planOf(filesRepository.listFilesQuery(t.database.db, alice.user.id, 'private', null, null, 100).toSQL());
    expect(plan.indexes).toContain('files_private_home_uploaded_idx');
    expect(plan.nodes).not.toContain('Sort');
    expect(plan.nodes).not.toContain('Seq Scan');

    const response = await t.app.inject({ method: 'GET', url: '/api/files', headers: { cookie: alice.cookie } });
    expect(response.statusCode).toBe(200);
    const page = response.json() as FileListResponse;
    expect(page.files.map((f) => f.originalName).slice(0, 3)).toEqual(['report-0.pdf', 'report-1.pdf', 'report-2.pdf']);
    expect(page.files).toHaveLength(100);
  });
});
