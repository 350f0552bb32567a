import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** SQL the files module's repositories share (files.repository.ts, folders.repository.ts). */

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the characters. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Takes a transaction-scoped advisory lock on one library's `scope` (its folder tree, its storage
 * total), keyed by a user id (a private library) or a team id: concurrent writers of the same
 * library queue here, and each re-reads what it checks after the lock is granted (READ COMMITTED
 * takes a fresh snapshot per statement). Other libraries never wait.
 */
export async function lockLibrary(tx: Db, scope: 'folder-tree' | 'storage', key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`genie:${scope}:${key}`}, 0))`);
}
