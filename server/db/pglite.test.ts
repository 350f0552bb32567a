import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../lib/pg-errors';
import { isDatabaseUnavailable, rowsOf, type Database } from './database';
import { DatabaseOpenError } from './pglite-client';
import { openPglite } from './pglite';

/**
 * The embedded database on disk, as the server opens it: PGlite in a worker thread of its own,
 * reached through Drizzle's PGlite driver (pglite-remote.ts). The rest of the suite runs on
 * in-memory copies in its own thread (tests/support/database-template.ts); this file is what
 * proves the thread's crossing keeps PGlite's answers, errors and transactions.
 */

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
});

const count = async (database: Database) => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from notes`))[0]!.n;

describe('the embedded database in its own thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'genie-pglite-'));
    database = await openPglite(join(dir, 'data'));
    await database.db.execute(sql`create table notes (id int primary key, body text not null, at timestamptz not null)`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers Drizzle as PGlite does: rows by name, rows as arrays, timestamps as PostgreSQL wrote them', async () => {
    await database.db.insert(notes).values({ id: 1, body: 'first', at: '2026-11-24T10:00:00Z' });
    expect(await database.db.select().from(notes)).toEqual([{ id: 1, body: 'first', at: '2026-11-24 10:00:00+00' }]);
    expect(rowsOf(await database.db.execute(sql`select body, id + 1 as next from notes`))).toEqual([{ body: 'first', next: 2 }]);
    await database.db.delete(notes);
  });

  it("sends PostgreSQL's error fields across, so a duplicate is still told apart from a fault", async () => {
    await database.db.insert(notes).values({ id: 7, body: 'once', at: '2026-11-24T10:00:00Z' });
    const error = await database.db.insert(notes).values({ id: 7, body: 'twice', at: '2026-11-24T10:00:00Z' }).catch((e: unknown) => e);
    expect(uniqueViolation(error)).toBe('notes_pkey');
    await database.db.delete(notes);
  });

  it('commits a transaction, rolls back one that throws, and a failed savepoint only', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 1, body: 'kept', at: '2026-11-24T10:00:00Z' });
    });
    const thrown = await database.db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 2, body: 'undone', at: '2026-11-24T10:00:00Z' });
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect((thrown as Error).message).toBe('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 3, body: 'outer', at: '2026-11-24T10:00:00Z' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(notes).values({ id: 4, body: 'inner', at: '2026-11-24T10:00:00Z' });
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    expect((await database.db.select({ id: notes.id }).from(notes).orderBy(notes.id)).map((row) => row.id)).toEqual([1, 3]);
    await database.db.delete(notes);
  });

  it('holds a statement sent during a transaction until the transaction has committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 1, body: 'in the transaction', at: '2026-11-24T10:00:00Z' });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = count(database);
    release();
    await transaction;
    expect(await outside).toBe(1);
    await database.db.delete(notes);
  });

  it("keeps the server's thread free while a long statement runs", async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await database.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    running = false;
    // In the server's own thread PGlite runs a statement synchronously: no turn of the event loop
    // would come between its start and its answer.
    expect(turns).toBeGreaterThan(20);
  });
});

describe('opening and closing the embedded database', () => {
  it('answers nothing once closed, with an error that reads as "unavailable" (a 503)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genie-pglite-'));
    try {
      const database = await openPglite(join(dir, 'data'));
      expect(await database.ping()).toBe(true);
      await database.close();
      await database.close();
      expect(await database.ping()).toBe(false);
      const error = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // Closing released DATA_DIR: it opens again, with what was written.
      const again = await openPglite(join(dir, 'data'));
      expect(await again.ping()).toBe(true);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says which directory will not open, and lets it go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genie-pglite-'));
    try {
      const dbDir = join(dir, 'data', 'pglite');
      mkdirSync(dbDir, { recursive: true });
      writeFileSync(join(dbDir, 'PG_VERSION'), 'not a version\n');
      const first = await openPglite(join(dir, 'data')).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(DatabaseOpenError);
      expect((first as Error).message).toContain(`Could not open the embedded database in ${dbDir}`);
      // The lock was released: a second try fails the same way, not as "in use".
      expect(await openPglite(join(dir, 'data')).catch((e: unknown) => e)).toBeInstanceOf(DatabaseOpenError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
