import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, mkdtemp, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../../db/database';

const run = promisify(execFile);

/**
 * One backup archive of an embedded Genie (issue 47): a gzipped tar holding
 *   genie-backup.json   what this is (format, when, how many objects)
 *   pglite.tar.gz       the embedded database, as PGlite's dumpDataDir wrote it
 *   objects/…           the file objects (DATA_DIR/objects), by their keys
 *   session-secret      the generated secret, when DATA_DIR has one
 * The tar is written and read by the system's `tar` (GNU or BSD): no new dependency, and an
 * operator can open the archive with the same tool.
 */

export const BACKUP_FORMAT = 'genie-backup-1';
const MANIFEST = 'genie-backup.json';
const DATABASE_DUMP = 'pglite.tar.gz';
const SECRET = 'session-secret';
/** A tar run longer than this is stuck (a full or hung disk): the backup fails instead of hanging. */
const TAR_LIMIT_MS = 30 * 60_000;

export class BackupError extends Error {}

/** A disk with no room left, as Node (ENOSPC) or the tar it ran (its stderr) reports it. */
function isDiskFull(error: unknown): boolean {
  const failed = error as { code?: unknown; stderr?: unknown } | null;
  return failed?.code === 'ENOSPC' || (typeof failed?.stderr === 'string' && /no space left on device/i.test(failed.stderr));
}

/** The sentence for a backup that ran out of room: where, and what to do (not the system's ENOSPC text). */
function diskFullError(step: 'staging' | 'archive', file: string): BackupError {
  return new BackupError(
    step === 'staging'
      ? 'There is no room left on the disk that holds DATA_DIR (the copy is gathered there before it is packed). Free some space, then try again.'
      : `There is no room left on the disk that holds ${file}. Free some space there or name a file on another disk, then try again.`,
  );
}

export interface BackupSources {
  database: Database;
  dataDir: string;
  /** Runs its work while object deletes wait (LocalDiskStore.holdingDeletes); null when objects are not on local disk. */
  holdingDeletes: (<T>(work: () => Promise<T>) => Promise<T>) | null;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  objects: number;
  createdAt: string;
}

/** Hard links every file under `from` into `to` (same file system: instant, and later deletes keep the linked bytes). */
async function linkTree(from: string, to: string): Promise<number> {
  let count = 0;
  let dir;
  try {
    dir = await opendir(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for await (const entry of dir) {
    if (entry.name === '.tmp') continue; // uploads still being written: no record can name them yet
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      count += await linkTree(source, target);
    } else if (entry.isFile()) {
      await mkdir(to, { recursive: true });
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return; // deleted since listed (its record was gone before the copy)
        if (error.code === 'EXDEV' || error.code === 'EPERM') return copyFile(source, target);
        throw error;
      });
      count += 1;
    }
  }
  return count;
}

/**
 * Writes one archive of a running (or stopped) embedded Genie to `target`. The database copy and
 * the links to the objects are made while object deletes wait, so every file record in the copy
 * has its bytes; uploads go on meanwhile (an object whose record came later is an orphan, which
 * the restored server's sweep removes). Written beside `target` and renamed into place: a backup
 * cut short never looks like a finished one.
 */
export async function writeBackup(sources: BackupSources, target: string, now = new Date()): Promise<BackupSummary> {
  const { database, dataDir } = sources;
  if (database.kind !== 'pglite' || !database.dump) {
    throw new BackupError('npm run backup copies the embedded database only. With DATABASE_URL, back up PostgreSQL with pg_dump (see the README, "Backups and upgrades").');
  }
  const file = resolve(target);
  await mkdir(dirname(file), { recursive: true });
  // Inside DATA_DIR: the links need the objects' file system.
  const staging = await mkdtemp(join(dataDir, '.backup-')).catch((error: unknown) => {
    throw isDiskFull(error) ? diskFullError('staging', file) : error;
  });
  const partial = `${file}.${randomUUID()}.part`;
  let step: 'staging' | 'archive' = 'staging';
  try {
    const copy = async () => {
      const dump = await database.dump!();
      const objects = await linkTree(join(dataDir, 'objects'), join(staging, 'objects'));
      return { dump, objects };
    };
    const { dump, objects } = sources.holdingDeletes ? await sources.holdingDeletes(copy) : await copy();
    await writeFile(join(staging, DATABASE_DUMP), dump);
    await copyFile(join(dataDir, SECRET), join(staging, SECRET)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // SESSION_SECRET is set: there is none to keep
    });
    const createdAt = now.toISOString();
    await writeFile(join(staging, MANIFEST), JSON.stringify({ format: BACKUP_FORMAT, createdAt, objects }, null, 2));
    step = 'archive';
    await run('tar', ['-czf', partial, '-C', staging, '.'], { timeout: TAR_LIMIT_MS });
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, objects, createdAt };
  } catch (error) {
    await rm(partial, { force: true });
    throw isDiskFull(error) ? diskFullError(step, file) : error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into `dataDir`, which must be empty or absent (a restore never merges into
 * or overwrites a Genie's data). The database is loaded from its dump and checkpointed by
 * `loadDatabase`; the objects and the secret are moved into place.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  loadDatabase: (pgliteDir: string, dump: Blob) => Promise<void>,
): Promise<{ createdAt: string; objects: number }> {
  const target = resolve(dataDir);
  const existing = await opendir(target).then(
    async (dir) => {
      for await (const entry of dir) return entry.name;
      return null;
    },
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
  if (existing !== null) throw new BackupError(`${target} is not empty: restore into an empty DATA_DIR (it holds ${existing}).`);
  await stat(archive).catch(() => {
    throw new BackupError(`There is no backup file at ${resolve(archive)}.`);
  });
  await mkdir(target, { recursive: true });
  const staging = await mkdtemp(join(target, '.restore-'));
  try {
    await run('tar', ['-xzf', resolve(archive), '-C', staging], { timeout: TAR_LIMIT_MS }).catch(() => {
      throw new BackupError(`${resolve(archive)} is not a Genie backup (it is not a readable tar.gz archive).`);
    });
    const manifest = await readFile(join(staging, MANIFEST), 'utf8')
      .then((text) => JSON.parse(text) as { format?: string; createdAt?: string; objects?: number })
      .catch(() => null);
    if (!manifest || manifest.format !== BACKUP_FORMAT) throw new BackupError(`${resolve(archive)} is not a Genie backup (no ${MANIFEST} of format ${BACKUP_FORMAT}).`);
    const dump = await readFile(join(staging, DATABASE_DUMP));
    await loadDatabase(join(target, 'pglite'), new Blob([dump]));
    await rename(join(staging, 'objects'), join(target, 'objects')).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // a backup of a Genie without files
    });
    await rename(join(staging, SECRET), join(target, SECRET)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return { createdAt: manifest.createdAt ?? '', objects: manifest.objects ?? 0 };
  } catch (error) {
    // Nothing half-restored is left to be started.
    await rm(join(target, 'pglite'), { recursive: true, force: true });
    await rm(join(target, 'objects'), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
