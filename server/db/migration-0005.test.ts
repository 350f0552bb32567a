import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../tests/support/database-template';
import type { Db } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PGLITE_EXTENSIONS } from './pglite-client';

/** A copy of the migrations folder that stops before 0005: the database as it was before it. */
function migrationsBefore0005(): string {
  const dir = mkdtempSync(join(tmpdir(), 'genie-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 5);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** An empty database on PostgreSQL when DATABASE_URL is set, else an in-memory PGlite. */
async function openEmpty(): Promise<{ db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite({ client });
    return {
      db: db as unknown as Db,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `genie_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 1 });
  const db = drizzleNodePg({ client: pool });
  return {
    db: db as unknown as Db,
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const id = (n: number) => `${String(n).repeat(8)}-0000-4000-8000-000000000000`;
const T0 = '2026-01-01T00:00:00Z';

describe('migration 0005 on a database that holds usernames differing only in case', () => {
  let database: Awaited<ReturnType<typeof openEmpty>>;
  let oldFolder: string;
  beforeAll(async () => {
    database = await openEmpty();
    oldFolder = migrationsBefore0005();
    await database.migrate(oldFolder);
    const users: [number, string, string][] = [
      [1, 'victim', '2026-01-01T00:00:00Z'],
      [2, 'VICTIM', '2026-01-02T00:00:00Z'],
      [3, 'Victim', '2026-01-03T00:00:00Z'],
      // Already holds the name VICTIM (id 2) would first be given, so it gets its whole id instead.
      [4, 'victim-22222222', '2026-01-04T00:00:00Z'],
      [5, 'x'.repeat(40), '2026-01-05T00:00:00Z'],
      [6, 'X'.repeat(40), '2026-01-06T00:00:00Z'],
      [7, 'alice', '2026-01-07T00:00:00Z'],
    ];
    for (const [n, username, createdAt] of users) {
      await database.db.execute(
        sql`insert into users (id, email, username, password_hash, created_at) values (${id(n)}, ${`u${n}@example.com`}, ${username}, ${`hash${n}`}, ${createdAt})`,
      );
    }
    await database.db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values (${id(2)}, 'token-of-2', '2027-01-01T00:00:00Z')`);
    await database.db.execute(sql`
      insert into payments (user_id, cryptocurrency, amount, amount_usd, status, plan, tx_hash, created_at, updated_at) values
        (${id(7)}, 'BTC', '0.001', '49.00', 'confirmed', 'starter', '0xconfirmed', ${T0}, '2026-01-08T00:00:00Z'),
        (${id(7)}, 'BTC', '0.001', '49.00', 'pending', 'starter', '0xpending', ${T0}, ${T0}),
        (${id(7)}, 'BTC', '0.001', '49.00', 'confirmed', null, '0xnoplan', ${T0}, ${T0})`);
    await database.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };

  it('keeps every account, gives the oldest of each group its name and the others distinct valid names', async () => {
    const users = await rows<{ id: string; email: string; username: string; password_hash: string }>(
      sql`select id, email, username, password_hash from users order by created_at`,
    );
    expect(users.map((u) => [u.id, u.email, u.username, u.password_hash])).toEqual([
      [id(1), 'u1@example.com', 'victim', 'hash1'],
      [id(2), 'u2@example.com', 'VICTIM-22222222000040008000000000000000', 'hash2'],
      [id(3), 'u3@example.com', 'Victim-33333333', 'hash3'],
      [id(4), 'u4@example.com', 'victim-22222222', 'hash4'],
      [id(5), 'u5@example.com', 'x'.repeat(40), 'hash5'],
      [id(6), 'u6@example.com', `${'X'.repeat(31)}-66666666`, 'hash6'],
      [id(7), 'u7@example.com', 'alice', 'hash7'],
    ]);
    for (const user of users) expect(user.username).toMatch(/^[A-Za-z0-9._-]{2,40}$/);
    expect(await rows(sql`select user_id from sessions where token_hash = 'token-of-2'`)).toEqual([{ user_id: id(2) }]);
  });

  it('then refuses a second account whose username differs only in case', async () => {
    await expect(
      database.db.execute(sql`insert into users (email, username, password_hash) values ('new@example.com', 'ALICE', 'h')`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
  });

  it('records that payments confirmed for a plan before it have granted their period', async () => {
    const payments = await rows<{ tx_hash: string; premium_granted_at: Date | string | null }>(
      sql`select tx_hash, premium_granted_at from payments order by tx_hash`,
    );
    expect(payments.map((p) => [p.tx_hash, p.premium_granted_at === null ? null : new Date(p.premium_granted_at).toISOString()])).toEqual([
      ['0xconfirmed', '2026-01-08T00:00:00.000Z'],
      ['0xnoplan', null],
      ['0xpending', null],
    ]);
  });
});
