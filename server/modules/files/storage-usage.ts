import type { StorageResponse } from '@contract/files';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { filesRepository as repo } from './files.repository';

/** The refusal when bytes do not fit: names the limit that applies (a team's is its members' sum). */
export const storageFull = (limit: number, seats = 1) =>
  new AppError(
    'storage_full',
    seats > 1
      ? `This upload would exceed your team's storage limit of ${limit} bytes (${seats} members). Delete some files to make room.`
      : `This upload would exceed your storage limit of ${limit} bytes. Delete some files to make room.`,
  );

/** Where a check reads: inside a storage transaction (`tx`), and leaving out an upload being replaced. */
export interface UsageReadOptions {
  tx?: Db;
  /** An upload whose counted bytes the caller is turning into something else (a record, a new size). */
  replacing?: string;
}

/**
 * How much a team stores and may still store. The one place the storage limit is judged: uploads
 * and files that Genie makes itself (generated images) all ask here before they are kept.
 *
 * A team has one limit, `limitBytes` (STORAGE_LIMIT_BYTES) per member, and everything its members
 * keep counts against it: the team library, each member's private files, and uploads whose bytes
 * have arrived (see docs/decisions.md). A team of one is exactly the old per-user limit. A check
 * that decides a write is made inside `transaction`, with the write, under the team's lock, so
 * that concurrent requests of one team cannot all pass.
 */
export function createStorageUsage(deps: { db: Db; limitBytes: number }) {
  const { db, limitBytes } = deps;

  /** Used bytes and the limit of the user's team. */
  const status = async (userId: string, options: UsageReadOptions = {}): Promise<StorageResponse> => {
    const { usedBytes, seats } = await repo.teamUsage(options.tx ?? db, userId, options.replacing);
    return { usedBytes, limitBytes: limitBytes * seats, seats };
  };
  const remainingBytes = async (userId: string, options: UsageReadOptions = {}) => {
    const now = await status(userId, options);
    return now.limitBytes - now.usedBytes;
  };

  return {
    /** The limit of one seat (STORAGE_LIMIT_BYTES). */
    limitBytes,
    remainingBytes,
    status,

    /** The storage_full refusal naming the user's team limit. */
    async fullError(userId: string, options: UsageReadOptions = {}): Promise<AppError> {
      const now = await status(userId, options);
      return storageFull(now.limitBytes, now.seats);
    },

    /** Whether anything more fits at all. */
    async hasRoom(userId: string, options: UsageReadOptions = {}): Promise<boolean> {
      return (await remainingBytes(userId, options)) > 0;
    },

    /** Whether `bytes` more fit under the limit. */
    async fits(userId: string, bytes: number, options: UsageReadOptions = {}): Promise<boolean> {
      return bytes <= (await remainingBytes(userId, options));
    },

    /** Runs `work` in one transaction holding the team's storage lock (pass its `tx` to the checks). */
    transaction<T>(userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
      return repo.withStorageLock(db, userId, work);
    },

    /** Files and bytes per category (the profile's storage breakdown). */
    byCategory(userId: string) {
      return repo.storageByCategory(db, userId);
    },
  };
}

export type StorageUsage = ReturnType<typeof createStorageUsage>;
