import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, Db } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-query-options';

export class DatabaseOpenError extends Error {}

const INIT_PREFIX = 'pglite.init-';

/**
 * Extensions the migrations create (pg_trgm for name search, 0002_pg_trgm.sql; unaccent for
 * passage search, 0011). Every PGlite that
 * opens Genie's database must load them, or writing an indexed name fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * PostgreSQL settings for the embedded server, on top of PGlite's own. PostgreSQL touches all of
 * shared_buffers when it starts (128 MB by default), which was most of an idle Genie's resident
 * memory. 16 MB holds the hot pages of a small instance; the rest of the data files stay in the
 * operating system's page cache, since PGlite reads them through Node's fs, so a miss costs a
 * read() call rather than a disk seek. WAL buffers follow shared_buffers (1/32 of it).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB'];

async function checkpointAndClose(client: PGlite) {
  if (client.closed) return;
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.close();
  }
}

/**
 * The first initialisation happens in a temporary directory that is renamed into place only once
 * it is complete and migrated, so a kill during it never leaves a directory that will not open.
 */
async function initialiseInto(dbDir: string, dataDir: string) {
  const tmp = join(dataDir, `${INIT_PREFIX}${process.pid}-${Date.now()}`);
  const client = await PGlite.create({ dataDir: tmp, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  await checkpointAndClose(client);
  renameSync(tmp, dbDir);
}

function removeAbandonedInitDirs(dataDir: string) {
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith(INIT_PREFIX)) rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
}

/** Opens (creating on first start) the embedded database under DATA_DIR/pglite. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  const dbDir = join(dataDir, 'pglite');
  let client: PGlite;
  try {
    removeAbandonedInitDirs(dataDir);
    if (!existsSync(dbDir)) await initialiseInto(dbDir, dataDir);
    try {
      client = await PGlite.create({ dataDir: dbDir, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS, parsers: DRIZZLE_PARSERS });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseOpenError(
        `Could not open the embedded database in ${resolve(dbDir)} (${reason}). ` +
          'It may be damaged or written by another version: move the folder aside and restore it from a backup.',
      );
    }
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzle({ client: forDrizzle(client) }) as unknown as Db; // PgliteDatabase is a PgDatabase with PGlite's result type.
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= checkpointAndClose(client).finally(release);
      return closing;
    },
  };
}

/** An in-memory PGlite for tests and benchmarks that want no directory at all. */
export async function openMemoryPglite(): Promise<Database> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, parsers: DRIZZLE_PARSERS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    db: drizzle({ client: forDrizzle(client) }) as unknown as Db,
    ping: async () => !client.closed,
    close: () => client.close(),
  };
}
