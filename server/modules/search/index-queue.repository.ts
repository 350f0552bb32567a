import { eq, sql } from 'drizzle-orm';
import type { PassageDraft } from '../../adapters/extraction/chunk-passages';
import { rowsOf, type Db } from '../../db/database';
import { files, indexTurns } from '../../db/schema/files';
import { passages } from '../../db/schema/passages';
import { foreignKeyViolation } from '../../lib/pg-errors';
import { fileIndexWrites } from '../files/file-writes';

/**
 * The indexer's queue: claiming the next file round the accounts, ending a run, and storing a
 * file's passages. The one writer of `passages` and `index_turns` (docs/decisions.md, "Data: one
 * writer per table"); a file's index state is written by its owner, files/file-writes.ts.
 */

/** Passages in one insert: a few dozen keep each statement (and its search vectors) to milliseconds. */
const PASSAGES_PER_STATEMENT = 25;

/** A file the indexer has claimed. */
export interface ClaimedFile {
  id: string;
  originalName: string;
  mimeType: string;
  size: number;
  objectPath: string;
  attempts: number;
}

/** Runs of the file's own that may end with its reader crashed or out of time before it is given up as failed (restarts do not count). */
export const MAX_INDEX_ATTEMPTS = 3;

export const indexQueueRepository = {
  /**
   * Files caught mid-run by a restart go back to the queue, however often: a restart is the
   * server's doing, not the file's (issue 47: three restarts during one large file failed it for
   * good). Passages a run had written before it was cut off go, so search never shows half a file.
   */
  async resumeInterrupted(db: Db): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from ${passages} where file_id in (select id from ${files} where index_status = 'indexing')`);
      await fileIndexWrites.requeueInterrupted(tx);
    });
  },

  /** Indexed files whose passages were made for another text-search language are indexed again. */
  async requeueOtherLanguage(db: Db, language: string): Promise<void> {
    await fileIndexWrites.requeueOtherLanguage(db, language);
  },

  /**
   * The next waiting file, marked indexing, round the accounts (issue 38): the oldest waiting file
   * of the account with waiting files whose last claim is oldest (an account never served first,
   * then the one whose oldest file has waited longest), and that account's turn is taken, all in
   * one statement. So 40 uploads of one account hold up another account's one file by one claim
   * per indexer lane at most, not by the 40 (they once delayed it 82 s). `skip locked`: two
   * indexers (or processes) never take the same file; when the chosen account's files are all
   * being claimed by others at that moment, the oldest waiting file of anyone is taken instead, so
   * a lane never stops while files wait. The accounts with waiting files are read by a loose index
   * scan of files_index_pending_owner_idx (one probe per account, not one row per file).
   */
  async claimNext(db: Db): Promise<ClaimedFile | undefined> {
    const rows = rowsOf<{ id: string; original_name: string; mime_type: string; size: string | number; object_path: string; index_attempts: number }>(
      await db.execute(sql`
        with recursive owners (user_id) as (
          (select user_id from ${files} where index_status = 'pending' order by user_id limit 1)
          union all
          select (select f.user_id from ${files} f where f.index_status = 'pending' and f.user_id > o.user_id order by f.user_id limit 1)
          from owners o where o.user_id is not null
        ),
        next_owner as (
          select o.user_id from owners o left join ${indexTurns} t on t.user_id = o.user_id
          where o.user_id is not null
          order by t.turn nulls first,
                   (select min(f.uploaded_at) from ${files} f where f.user_id = o.user_id and f.index_status = 'pending'),
                   o.user_id
          limit 1
        ),
        ${fileIndexWrites.claimedCte()},
        turn as (
          insert into ${indexTurns} (user_id, turn) select user_id, nextval('index_turn_seq') from claimed
          on conflict (user_id) do update set turn = excluded.turn
        )
        select id, original_name, mime_type, size, object_path, index_attempts from claimed`),
    );
    const row = rows[0];
    return row && { id: row.id, originalName: row.original_name, mimeType: row.mime_type, size: Number(row.size), objectPath: row.object_path, attempts: row.index_attempts };
  },

  /**
   * Ends a run without passages: unsupported, failed (with its sentence), or pending again (the
   * pool was busy). A file that ends unsupported or failed keeps no passages: an earlier run's,
   * cut off, would otherwise stay in search.
   */
  async finish(db: Db, fileId: string, status: 'unsupported' | 'failed' | 'pending', error: string | null): Promise<void> {
    await db.transaction(async (tx) => {
      const ended = await fileIndexWrites.endRun(tx, fileId, status, error);
      if (ended && status !== 'pending') await tx.delete(passages).where(eq(passages.fileId, fileId));
    });
  },

  /**
   * The reader failed on this file (its worker crashed, or ran out of time): the file's own
   * failure, counted. It is tried again until MAX_INDEX_ATTEMPTS such runs, then fails with
   * `finalError` and without passages.
   */
  async recordReaderFailure(db: Db, fileId: string, finalError: string): Promise<void> {
    const status = await fileIndexWrites.countReaderFailure(db, fileId, finalError, MAX_INDEX_ATTEMPTS);
    if (status === 'failed') await db.delete(passages).where(eq(passages.fileId, fileId));
  },

  async fileExists(db: Db, fileId: string): Promise<boolean> {
    return (await db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).length > 0;
  },

  /**
   * Retry (issue 47): a failed file goes back to the queue with its count of failures cleared.
   * False when the file is not failed (waiting, being read, indexed or unsupported).
   */
  async requeueFailed(db: Db, fileId: string): Promise<boolean> {
    return fileIndexWrites.requeueFailed(db, fileId);
  },

  /**
   * Replaces the file's passages and marks it indexed; false when the file was deleted (or taken
   * out of indexing) meanwhile. Written in small statements, each its own transaction, with a
   * turn of the event loop between them: the embedded database has one connection and computes
   * every passage's search vector in this process, so one transaction over a large file's
   * thousands of passages held every other request (a health check waited 660 ms behind ten
   * 25 MB files). Until the last statement the file reads as `indexing`.
   */
  async storePassages(db: Db, fileId: string, language: string, drafts: PassageDraft[], note: string | null = null): Promise<boolean> {
    const claimed = await db.transaction(async (tx) => {
      const [file] = await tx.select({ status: files.indexStatus }).from(files).where(eq(files.id, fileId)).for('update');
      if (!file || file.status !== 'indexing') return false;
      await tx.delete(passages).where(eq(passages.fileId, fileId));
      return true;
    });
    if (!claimed) return false;
    const fileName = sql`(select original_name from ${files} where id = ${fileId}::uuid)`;
    for (let i = 0; i < drafts.length; i += PASSAGES_PER_STATEMENT) {
      const values = drafts.slice(i, i + PASSAGES_PER_STATEMENT).map(
        (p) =>
          sql`(${fileId}::uuid, ${p.ordinal}, ${p.page}::int, ${p.heading}::text, ${p.charStart}, ${p.charEnd}, ${p.body}, ${language},
               genie_passage_tsv(${language}, ${fileName}, ${p.heading}::text, ${p.body}))`,
      );
      try {
        await db.execute(sql`insert into ${passages} (file_id, ordinal, page, heading, char_start, char_end, body, language, tsv) values ${sql.join(values, sql`, `)}`);
      } catch (error) {
        if (foreignKeyViolation(error)) return false; // the file was deleted: its passages went with it
        throw error;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return fileIndexWrites.markIndexed(db, fileId, note);
  },
};
