import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PGLITE_EXTENSIONS } from './pglite-client';

/** The migrations folder up to (not including) the one whose tag ends with `tagEnd`. */
function folderBefore(tagEnd: string): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagEnd));
  if (at < 1) throw new Error(`no ${tagEnd} migration in the journal`);
  const dir = mkdtempSync(join(tmpdir(), 'genie-old-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const old = journal.entries.slice(0, at);
  for (const entry of old) cpSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: old }));
  return dir;
}

/** Issue 38: accounts from before email verification: SSO-linked ones verified, password ones not. */
describe('migrations 0019-0020 (email verification) on existing accounts', () => {
  it('marks accounts linked to single sign-on verified and leaves password accounts unverified', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const old = folderBefore('_email_verification');
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: old });
      await client.exec(`
        INSERT INTO users (id, email, username, password_hash) VALUES
          ('00000000-0000-4000-8000-000000000001', 'pw@example.test', 'pw', 'argon2-hash'),
          ('00000000-0000-4000-8000-000000000002', 'sso@example.test', 'sso', '');
        INSERT INTO user_identities (issuer, subject, user_id, created_at)
          VALUES ('https://idp.example.test', 'sub-1', '00000000-0000-4000-8000-000000000002', '2026-01-02T03:04:05Z');
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const rows = await client.query<{ email: string; verified: string | null }>(`SELECT email, email_verified_at::text AS verified FROM users ORDER BY email`);
      expect(rows.rows).toEqual([
        { email: 'pw@example.test', verified: null },
        { email: 'sso@example.test', verified: '2026-01-02 03:04:05+00' },
      ]);
    } finally {
      await client.close();
      rmSync(old, { recursive: true, force: true });
    }
  });
});
