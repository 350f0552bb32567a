// scripts/lint/table-owners.mjs: one writer per table (issue 46 item 2). Its finder is proved on
// small sources, and the rule on the repository as it is.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withGitRepository } from '../support/git-repository';
// @ts-expect-error: a plain .mjs script of the lint, without type declarations
import { strayWrites, TABLE_OWNERS, writtenTables } from '../../scripts/lint/table-owners.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const names = new Map([
  ['messages', 'messages'],
  ['files', 'files'],
  ['passages', 'passages'],
  ['indexTurns', 'index_turns'],
]);
const found = (text: string) => [...(writtenTables(text, names) as Set<string>)].sort();

describe('the one-writer-per-table lint', () => {
  it('finds Drizzle writes on any database or transaction, across lines', () => {
    expect(found('await tx\n  .update(messages)\n  .set({ status })')).toEqual(['messages']);
    expect(found('await db.insert( files ).values(row); await db.delete(passages).where(x);')).toEqual(['files', 'passages']);
  });

  it('finds writes in SQL text, by name or by interpolated table', () => {
    expect(found('sql`insert into messages (id) values (1)`')).toEqual(['messages']);
    expect(found('sql`update ${files} set index_status = \'pending\'`')).toEqual(['files']);
    expect(found('sql`DELETE FROM ${passages} where file_id = 1`')).toEqual(['passages']);
    expect(found('sql`insert into ${indexTurns} (user_id, turn) select 1`')).toEqual(['index_turns']);
  });

  it('ignores what is not a write of a table: maps, routes, prose and upserts', () => {
    expect(found("store.delete(key); app.delete('/api/files/:id', h); cache.delete(files.id);")).toEqual([]);
    expect(found('// one UPDATE that only an unused link passes; update messages later')).toEqual([]);
    expect(found('sql`select 1 from messages`; sql`on conflict (user_id) do update set turn = excluded.turn`')).toEqual([]);
  });

  it('reports a write outside the owner with the file, the table and the owner, and not the owner itself or a test', () => {
    const files = {
      'server/db/schema/users.ts': "export const users = pgTable('users', {});\nexport const sessions = pgTable(\n  'sessions', {});\n",
      [TABLE_OWNERS.users]: 'await db.update(users).set({ status });',
      'server/modules/profile/profile.repository.ts': 'await db.update(users).set({ language }).where(x);',
      'server/modules/admin/admin-users.repository.ts': 'await tx.delete(sessions).where(x);',
      'server/modules/admin/admin-users.routes.test.ts': 'await db.delete(users);',
    };
    expect(withGitRepository(files, strayWrites)).toEqual([
      { file: 'server/modules/admin/admin-users.repository.ts', table: 'sessions', owner: 'server/modules/auth/auth.repository.ts' },
      { file: 'server/modules/profile/profile.repository.ts', table: 'users', owner: 'server/modules/auth/auth.repository.ts' },
    ]);
  });

  it('names messages and files each with one owner, and finds no write outside its owner today', () => {
    expect(TABLE_OWNERS.messages).toBe('server/modules/conversations/conversation-writes.ts');
    expect(TABLE_OWNERS.files).toBe('server/modules/files/file-writes.ts');
    expect(strayWrites(root)).toEqual([]);
  });
});
