import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { files, type FileRow } from '../../db/schema/files';
import { passages } from '../../db/schema/passages';
import { readableFiles } from './file-access';

/**
 * The one writer of `files` (docs/decisions.md, "Data: one writer per table";
 * scripts/lint/table-owners.mjs checks it): the records this module makes, moves and deletes, and
 * the index state (index_status, index_error, index_attempts) the search module's indexer moves
 * through these functions. An exported helper, not a repository, so the search module may import it.
 */

type IndexEnd = 'unsupported' | 'failed' | 'pending';

export const fileRecordWrites = {
  async insertFile(db: Db, row: Omit<FileRow, 'id' | 'indexStatus' | 'indexError' | 'indexAttempts'>): Promise<FileRow> {
    const [file] = await db.insert(files).values(row).returning();
    return file!;
  },

  /** Renames or moves a file the user may read; a move between libraries sets teamId and the owner (userId). */
  async updateFile(
    db: Db,
    userId: string,
    id: string,
    changes: { originalName?: string; folderId?: string | null; teamId?: string | null; userId?: string },
  ) {
    const [file] = await db
      .update(files)
      .set(changes)
      .where(and(eq(files.id, id), readableFiles(userId)))
      .returning();
    return file;
  },

  async deleteFile(db: Db, userId: string, id: string) {
    await db.delete(files).where(and(eq(files.id, id), readableFiles(userId)));
  },

  /** The files of a folder subtree the user may read, in one statement (the folder delete's transaction, `tx`). */
  async deleteInFolders(tx: Db, userId: string, folderIds: string[]) {
    await tx.delete(files).where(and(readableFiles(userId), inArray(files.folderId, folderIds)));
  },
};

export const fileIndexWrites = {
  /** Files caught mid-run by a restart wait again (in the caller's transaction, with their passages' removal). */
  async requeueInterrupted(tx: Db): Promise<void> {
    await tx.execute(sql`update ${files} set index_status = 'pending', index_error = null where index_status = 'indexing'`);
  },

  /** Indexed files whose passages were made for another text-search language wait again. */
  async requeueOtherLanguage(db: Db, language: string): Promise<void> {
    await db.execute(sql`
      update ${files} set index_status = 'pending', index_attempts = 0, index_error = null
      where index_status = 'indexed' and exists (select 1 from ${passages} p where p.file_id = ${files.id} and p.language <> ${language})`);
  },

  /**
   * The claim of the indexer's statement (search's index-queue repository): a CTE `claimed` that
   * marks indexing the waiting file of the account `next_owner` names (or, when that account's are
   * all being claimed, the oldest waiting file of anyone), returning the file.
   */
  claimedCte(): SQL {
    return sql`claimed as (
          update ${files} set index_status = 'indexing'
          where id = coalesce(
            (select f.id from ${files} f where f.user_id = (select user_id from next_owner) and f.index_status = 'pending'
             order by f.uploaded_at limit 1 for update skip locked),
            (select f.id from ${files} f where f.index_status = 'pending' order by f.uploaded_at limit 1 for update skip locked))
          returning id, user_id, original_name, mime_type, size, object_path, index_attempts
        )`;
  },

  /** Ends a run without passages; false when the file was no longer being indexed. Takes the caller's transaction. */
  async endRun(tx: Db, fileId: string, status: IndexEnd, error: string | null): Promise<boolean> {
    const ended = await tx
      .update(files)
      .set({ indexStatus: status, indexError: error })
      .where(and(eq(files.id, fileId), eq(files.indexStatus, 'indexing')))
      .returning({ id: files.id });
    return ended.length > 0;
  },

  /** Counts a run the reader failed; failed with `finalError` at `maxAttempts`. Answers the new status (undefined: not indexing). */
  async countReaderFailure(db: Db, fileId: string, finalError: string, maxAttempts: number): Promise<string | undefined> {
    const rows = rowsOf<{ status: string }>(
      await db.execute(sql`
        update ${files} set
          index_attempts = index_attempts + 1,
          index_status = case when index_attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end,
          index_error = case when index_attempts + 1 >= ${maxAttempts} then ${finalError} else null end
        where id = ${fileId} and index_status = 'indexing'
        returning index_status as status`),
    );
    return rows[0]?.status;
  },

  /** Retry (issue 47): a failed file waits again with its failures cleared; false when it is not failed. */
  async requeueFailed(db: Db, fileId: string): Promise<boolean> {
    const rows = await db
      .update(files)
      .set({ indexStatus: 'pending', indexError: null, indexAttempts: 0 })
      .where(and(eq(files.id, fileId), eq(files.indexStatus, 'failed')))
      .returning({ id: files.id });
    return rows.length > 0;
  },

  /** The run stored its passages: indexed (with its note); false when it was no longer being indexed. */
  async markIndexed(db: Db, fileId: string, note: string | null): Promise<boolean> {
    const marked = await db
      .update(files)
      .set({ indexStatus: 'indexed', indexError: note })
      .where(and(eq(files.id, fileId), eq(files.indexStatus, 'indexing')))
      .returning({ id: files.id });
    return marked.length > 0;
  },
};
