import { readdirSync, statfsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FULL_FREE_BYTES } from '../lib/disk-space';

/**
 * Checkpoints for the embedded database, run in its worker thread (pglite-worker.ts). PGlite runs
 * PostgreSQL in single-user mode: there is no checkpointer process, so nothing checkpoints while it
 * runs and pg_wal grows by every write (issue 47: 16 MB to 1.6 GB in a 20-minute soak). A
 * checkpoint lets PostgreSQL drop the segments before it; with max_wal_size and min_wal_size set
 * low (PGLITE_START_PARAMS) it keeps two of them for reuse instead of up to 1 GB.
 */

export interface WalCheckpointOptions {
  /** How often pg_wal's size is measured (a directory listing: cheap). */
  checkMs: number;
  /** A checkpoint at least this often while anything may have been written. */
  everyMs: number;
  /** A checkpoint as soon as a check finds pg_wal larger than this. */
  maxWalBytes: number;
}

export const DEFAULT_WAL_CHECKPOINTS: WalCheckpointOptions = {
  checkMs: 30_000,
  everyMs: 5 * 60_000,
  maxWalBytes: 64 * 1024 * 1024,
};

/** The bytes of WAL segment files in the database directory's pg_wal (0 when it cannot be read). */
export function walBytes(dbDir: string): number {
  const dir = join(dbDir, 'pg_wal');
  try {
    return readdirSync(dir)
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .reduce((total, name) => total + statSync(join(dir, name)).size, 0);
  } catch {
    return 0;
  }
}

/**
 * Whether the disk under the database directory has room for a checkpoint: a new WAL segment
 * (16 MB) and a little. A CHECKPOINT that fails for space ("could not write to file
 * pg_logical/replorigin_checkpoint.tmp: No space left on device") leaves PGlite spinning in its
 * next statement, for good, even once space is freed: every request, health included, waited on
 * the database's thread (issue 47). Without room the checkpoint waits for the next check; the WAL
 * it would have dropped stays until then, and a crash meanwhile replays it.
 */
export function roomToCheckpoint(dbDir: string): boolean {
  try {
    const stats = statfsSync(dbDir);
    return stats.bavail * stats.bsize >= FULL_FREE_BYTES;
  } catch {
    return true; // Unmeasurable (no statfs): checkpoint as before.
  }
}

/**
 * Starts the checks; `checkpoint` runs the statement (PGlite queues it behind an open
 * transaction). Returns a stop function that waits for a checkpoint in progress.
 */
export function startWalCheckpoints(
  dbDir: string,
  checkpoint: () => Promise<unknown>,
  options: WalCheckpointOptions,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let last = Date.now();
  let running: Promise<void> | undefined;
  const check = () => {
    if (running) return;
    const due = Date.now() - last >= options.everyMs || walBytes(dbDir) > options.maxWalBytes;
    if (!due || !roomToCheckpoint(dbDir)) return;
    running = checkpoint()
      .then(() => {
        last = Date.now();
      }, onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(check, options.checkMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
