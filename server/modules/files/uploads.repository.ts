import { and, count, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, uploads } from '../../db/schema/files';

/**
 * Upload claims: the links handed out, the bytes they brought, and the sweep of abandoned ones.
 * The one writer of `uploads` (docs/decisions.md, "Data: one writer per table").
 */

export type UploadRow = typeof uploads.$inferSelect;

export const uploadsRepository = {
  async insertUpload(db: Db, row: { userId: string; objectKey: string; expiresAt: Date; createdAt: Date }) {
    await db.insert(uploads).values(row);
  },

  /**
   * The upload claim of an object key. `lock` (in a transaction) holds the row until the end, so
   * the orphan sweep cannot drop the claim while a file record is being made from it.
   */
  async findUploadByKey(db: Db, objectKey: string, options: { lock?: boolean } = {}): Promise<UploadRow | undefined> {
    const query = db.select().from(uploads).where(eq(uploads.objectKey, objectKey)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },

  /** Links handed out to the user and not used yet (no bytes received, not expired). */
  async countWaitingUploads(db: Db, userId: string, now: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), isNull(uploads.completedAt), isNull(uploads.size), gt(uploads.expiresAt, now)));
    return row?.n ?? 0;
  },

  /** Records the bytes a PUT brought; false when the claim is gone or already has them. */
  async setUploadSize(db: Db, id: string, size: number): Promise<boolean> {
    const rows = await db
      .update(uploads)
      .set({ size })
      .where(and(eq(uploads.id, id), isNull(uploads.size), isNull(uploads.completedAt)))
      .returning({ id: uploads.id });
    return rows.length > 0;
  },

  async markUploadCompleted(db: Db, id: string, now: Date, size: number) {
    await db.update(uploads).set({ completedAt: now, size }).where(eq(uploads.id, id));
  },

  async deleteUpload(db: Db, id: string) {
    await db.delete(uploads).where(eq(uploads.id, id));
  },

  /**
   * Drops an abandoned upload's claim and says whether a file record holds its object (a crash
   * between writing the record and dropping the claim leaves both): then the bytes must stay.
   * Undefined when the claim is gone already (a record was just written, which drops it).
   */
  async releaseUpload(db: Db, id: string): Promise<{ objectKey: string; recorded: boolean } | undefined> {
    const [row] = await db
      .delete(uploads)
      .where(eq(uploads.id, id))
      .returning({
        objectKey: uploads.objectKey,
        recorded: sql<boolean>`exists (select 1 from ${files} where ${files.objectPath} = '/objects/' || ${uploads.objectKey})`,
      });
    return row;
  },

  /** Uploads whose URL expired without completing, and completed ones never turned into a record. */
  async abandonedUploads(db: Db, now: Date, completedBefore: Date): Promise<UploadRow[]> {
    return db
      .select()
      .from(uploads)
      .where(
        sql`(${isNull(uploads.completedAt)} and ${lt(uploads.expiresAt, now)}) or (${isNotNull(uploads.completedAt)} and ${lt(uploads.completedAt, completedBefore)})`,
      )
      .limit(1000);
  },

  /** Which of these keys a file record or a pending upload still claims. */
  async claimedKeys(db: Db, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const paths = keys.map((key) => `/objects/${key}`);
    const [recorded, pending] = await Promise.all([
      db.select({ path: files.objectPath }).from(files).where(inArray(files.objectPath, paths)),
      db.select({ key: uploads.objectKey }).from(uploads).where(inArray(uploads.objectKey, keys)),
    ]);
    return new Set([...recorded.map((r) => r.path.slice('/objects/'.length)), ...pending.map((r) => r.key)]);
  },
};
