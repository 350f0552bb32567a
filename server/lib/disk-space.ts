import { statfs } from 'node:fs/promises';

/** The space on the file system holding a directory. */
export interface DiskSpace {
  /** Bytes an unprivileged process may still write (statfs's bavail). */
  freeBytes: number;
  totalBytes: number;
}

export async function readDiskSpace(dir: string): Promise<DiskSpace> {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/** Health's "low" (issue 47): under 5% or 500 MB free, when writes are close to failing. */
export const LOW_FREE_FRACTION = 0.05;
export const LOW_FREE_BYTES = 500 * 1024 * 1024;
/** The admin System tab warns earlier, from 90% full: time to act before health says low. */
export const WARN_USED_FRACTION = 0.9;

/**
 * Health's "full": under 17 MB free. Writes are failing or about to, and it is less than the
 * embedded database needs to checkpoint (a new 16 MB WAL segment and a little), which it then
 * skips (wal-checkpoints.ts): a checkpoint that fails for space wedges PGlite (issue 47).
 */
export const FULL_FREE_BYTES = 17 * 1024 * 1024;

export function isDiskFull({ freeBytes }: DiskSpace): boolean {
  return freeBytes < FULL_FREE_BYTES;
}

/** Health's word for the disk: full, low or ok. */
export function diskStatus(disk: DiskSpace): 'ok' | 'low' | 'full' {
  return isDiskFull(disk) ? 'full' : isDiskLow(disk) ? 'low' : 'ok';
}

export function isDiskLow({ freeBytes, totalBytes }: DiskSpace): boolean {
  return freeBytes < LOW_FREE_BYTES || freeBytes < totalBytes * LOW_FREE_FRACTION;
}

/** Whole percent of the disk in use (0 when its size is unknown). */
export function usedPercent({ freeBytes, totalBytes }: DiskSpace): number {
  return totalBytes > 0 ? Math.round(((totalBytes - freeBytes) / totalBytes) * 100) : 0;
}
