import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { DRIZZLE_PARSERS } from './pglite-query-options';
import { roomToCheckpoint } from './wal-checkpoints';

/**
 * The embedded database's own client: created, migrated and closed here. On disk it runs in a
 * worker thread of its own (pglite-worker.ts); in memory (tests, benches) in the caller's thread.
 */

/** The directory exists but would not open: damaged, or written by another version. */
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
 *
 * max_wal_size and min_wal_size: PGlite runs PostgreSQL in single-user mode, which never
 * checkpoints on its own (wal-checkpoints.ts does), and after a checkpoint PostgreSQL keeps old
 * segments for reuse up to max_wal_size (1 GB by default: 1 GB of pg_wal left after a clean stop,
 * issue 47). At 32 MB it keeps two 16 MB segments.
 *
 * PGlite's `-F` (fsync off) stays: PGlite writes through Node's fs and never calls fsync either
 * way (strace of 200 inserts: no fsync or fdatasync with fsync on or off, 0.12 ms a write both
 * ways), so turning it on would promise a durability it does not give. README ("Backups and
 * upgrades") says what a power loss costs.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'max_wal_size=32MB',
  '-c',
  'min_wal_size=32MB',
];

/** Checkpoints (when `dbDir`'s disk has room for it, wal-checkpoints.ts) and closes. */
export async function checkpointAndClose(client: PGlite, dbDir?: string) {
  if (client.closed) return;
  try {
    if (!dbDir || roomToCheckpoint(dbDir)) await client.query('CHECKPOINT');
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

/**
 * Opens (creating on first start) the embedded database under DATA_DIR/pglite, migrated. The
 * caller holds DATA_DIR's lock (data-dir-lock.ts).
 */
export async function createPgliteClient(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  const dbDir = join(dataDir, 'pglite');
  removeAbandonedInitDirs(dataDir);
  if (!existsSync(dbDir)) await initialiseInto(dbDir, dataDir);
  let client: PGlite;
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
  return client;
}

/**
 * Writes a PGlite dump (dumpDataDir's gzipped tar, from `npm run backup`) out as the data
 * directory `dbDir`, through a temporary directory renamed into place as the first start does:
 * a restore cut short leaves no half directory behind. Migrations are the next start's to apply.
 */
export async function loadPgliteDump(dbDir: string, dump: Blob): Promise<void> {
  const tmp = `${dbDir}.restore-${process.pid}-${Date.now()}`;
  try {
    const client = await PGlite.create({ dataDir: tmp, loadDataDir: dump, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
    await checkpointAndClose(client);
    renameSync(tmp, dbDir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
