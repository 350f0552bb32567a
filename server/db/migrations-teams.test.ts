import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_DB_PREFIX, withDatabase } from '../../tests/support/database-template';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PGLITE_EXTENSIONS } from './pglite-client';

/**
 * A database made by main before teams existed (its migrations, then its rows) is migrated by this
 * build: every user must end up the owner of a team of their own carrying their plan and premium
 * period, and nothing else may change. Runs on PostgreSQL when DATABASE_URL is set, else PGlite.
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The migrations folder as main had it: every migration before the one that creates teams. */
function folderBeforeTeams(): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const teamsAt = journal.entries.findIndex((e) => e.tag.endsWith('_teams'));
  if (teamsAt < 1) throw new Error('no teams migration in the journal');
  const dir = mkdtempSync(join(tmpdir(), 'genie-old-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const old = journal.entries.slice(0, teamsAt);
  for (const entry of old) cpSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: old }));
  return dir;
}

interface Target {
  query(text: string): Promise<Record<string, unknown>[]>;
  /** Several statements at once. */
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openTarget(): Promise<Target> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    return {
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      exec: async (text) => void (await client.exec(text)),
      migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `${FILE_DB_PREFIX}mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: withDatabase(url, name) });
  await client.connect();
  return {
    query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
    exec: async (text) => void (await client.query(text)),
    migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    async close() {
      await client.end();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await dropper.end();
    },
  };
}

/** Rows main wrote: users on each kind of plan (and none), with sessions, chats, files and payments. */
const OLD_ROWS = `
insert into users (id, email, username, password_hash, created_at, last_active_at, premium_until, plan) values
  ('10000000-0000-4000-8000-000000000001', 'ada@example.com', 'ada', 'hash-a', '2026-01-01T10:00:00Z', '2026-11-01T10:00:00Z', '2026-12-01T00:00:00Z', 'pro'),
  ('10000000-0000-4000-8000-000000000002', 'bob@example.com', 'bob', 'hash-b', '2026-02-01T10:00:00Z', '2026-11-02T10:00:00Z', '2026-03-01T00:00:00Z', 'starter'),
  ('10000000-0000-4000-8000-000000000003', 'cy@example.com', 'cy', 'hash-c', '2026-03-01T10:00:00Z', '2026-11-03T10:00:00Z', null, null),
  ('10000000-0000-4000-8000-000000000004', 'di@example.com', 'di', 'hash-d', '2026-04-01T10:00:00Z', '2026-11-04T10:00:00Z', '2027-01-01T00:00:00Z', 'enterprise');
insert into sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at) values
  ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'th-1', '2026-11-01T10:00:00Z', '2026-11-01T10:00:00Z', '2026-12-01T10:00:00Z');
insert into conversations (id, user_id, title, persona, mode, created_at, updated_at) values
  ('30000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', 'Hello', 'default', 'chat', '2026-05-01T10:00:00Z', '2026-05-01T10:05:00Z');
insert into messages (id, conversation_id, user_id, role, content, created_at) values
  ('40000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', 'user', 'Hi', '2026-05-01T10:00:00Z');
insert into folders (id, user_id, parent_id, name, created_at) values
  ('50000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000003', null, 'Contracts', '2026-06-01T10:00:00Z');
insert into files (id, user_id, folder_id, original_name, stored_name, mime_type, category, size, object_path, uploaded_at) values
  ('60000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000003', '50000000-0000-4000-8000-000000000001', 'nda.pdf', 'x.pdf', 'application/pdf', 'document', 1234, 'users/3/x.pdf', '2026-06-01T10:01:00Z');
insert into payments (id, user_id, cryptocurrency, amount, amount_usd, status, plan, tx_hash, created_at, updated_at) values
  ('70000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'BTC', '0.001', '199.00', 'confirmed', 'pro', '0xold', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z');
insert into payments (id, user_id, cryptocurrency, amount, amount_usd, status, plan, tx_hash, created_at, updated_at, premium_granted_at) values
  ('70000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002', 'ETH', '0.02', '49.00', 'confirmed', 'starter', '0xgranted', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z');
`;

const UNCHANGED_TABLES = ['sessions', 'conversations', 'messages', 'folders', 'files', 'payments', 'user_totals', 'file_storage_totals', 'payment_totals'];
/** Columns later migrations add with a default other than null, and the value old rows get. */
const ADDED_COLUMN_DEFAULTS: Record<string, unknown> = {
  'messages.regenerated': false,
  'conversations.pinned': false,
  // 0015: every existing file waits for the search indexer.
  'files.index_status': 'pending',
  'files.index_attempts': 0,
  // 0027: no existing message is a copy, no existing interaction a Continue.
  'messages.copied': false,
  'interactions.continuation': false,
};
/** Columns a later migration fills in from the old rows (0014: each conversation one straight branch). */
const BACKFILLED_COLUMNS = new Set(['messages.parent_id', 'conversations.active_leaf_id']);
const USER_COLUMNS = 'id, email, username, password_hash, created_at, last_active_at';

describe('migrating a database made before teams', () => {
  let target: Target;
  let oldFolder: string;
  const before: Record<string, Record<string, unknown>[]> = {};

  beforeAll(async () => {
    target = await openTarget();
    oldFolder = folderBeforeTeams();
    await target.migrate(oldFolder);
    await target.exec(OLD_ROWS);
    before.users = await target.query(`select ${USER_COLUMNS} from users order by id`);
    before.plans = await target.query('select id, username, plan, premium_until, created_at from users order by id');
    for (const table of UNCHANGED_TABLES) before[table] = await target.query(`select * from ${table} order by 1, 2`);
    await target.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(async () => {
    await target?.close();
    if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
  });

  it('really started from the old schema (users carried the plan)', () => {
    expect(before.plans!.map((r) => r.plan)).toEqual(['pro', 'starter', null, 'enterprise']);
  });

  it('makes every user the owner of a team of their own, named after them, with their plan and premium period', async () => {
    const rows = await target.query(`
      select u.id as user_id, m.role, m.joined_at, t.id as team_id, t.name, t.plan, t.premium_until, t.created_at
      from users u join team_members m on m.user_id = u.id join teams t on t.id = m.team_id order by u.id`);
    expect(rows.map((r) => [r.user_id, r.role, r.name, r.plan, r.premium_until, r.created_at, r.joined_at])).toEqual(
      before.plans!.map((u) => [u.id, 'owner', u.username, u.plan, u.premium_until, u.created_at, u.created_at]),
    );
    // One team each, all distinct, and no team without its user.
    expect(new Set(rows.map((r) => r.team_id)).size).toBe(4);
    expect(await target.query('select count(*)::int as n from teams')).toEqual([{ n: 4 }]);
    // The team ids are new random ones, not the users' ids.
    expect(rows.filter((r) => r.team_id === r.user_id)).toEqual([]);
  });

  it('moves the plan off users and changes nothing else', async () => {
    expect(await target.query(`select ${USER_COLUMNS} from users order by id`)).toEqual(before.users);
    const columns = await target.query(`select column_name from information_schema.columns where table_name = 'users' and column_name in ('plan', 'premium_until')`);
    expect(columns).toEqual([]);
    // Columns later migrations added hold null, or their declared default, on every existing row;
    // every column a table had is unchanged. payments.premium_team_id is checked below.
    for (const table of UNCHANGED_TABLES) {
      const after = await target.query(`select * from ${table} order by 1, 2`);
      const had = Object.keys(before[table]![0] ?? after[0] ?? {});
      expect(after.map((row) => Object.fromEntries(had.map((column) => [column, row[column]]))), table).toEqual(before[table]);
      for (const column of Object.keys(after[0] ?? {}).filter((c) => !had.includes(c) && c !== 'premium_team_id' && !BACKFILLED_COLUMNS.has(`${table}.${c}`))) {
        const expected = ADDED_COLUMN_DEFAULTS[`${table}.${column}`] ?? null;
        expect(after.map((row) => row[column]), `${table}.${column}`).toEqual(after.map(() => expected));
      }
    }
    expect(await target.query(`select count(*)::int as n from pg_class where relname = 'user_team_map'`)).toEqual([{ n: 0 }]);
  });

  it('records the payer’s new team on a payment that had granted its period, so a refund takes it back from that team', async () => {
    const rows = await target.query(`
      select p.tx_hash, p.premium_team_id = m.team_id as credited_payer_team, p.premium_team_id is null as no_team
      from payments p join team_members m on m.user_id = p.user_id order by p.tx_hash`);
    expect(rows).toEqual([
      { tx_hash: '0xgranted', credited_payer_team: true, no_team: false },
      { tx_hash: '0xold', credited_payer_team: null, no_team: true },
    ]);
  });
});
