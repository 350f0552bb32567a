import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, folders, uploads, type FileRow, type FolderRow } from '../../db/schema/files';

export type UploadRow = typeof uploads.$inferSelect;

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the characters. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const inFolder = (folderId: string | null) => (folderId ? eq(files.folderId, folderId) : isNull(files.folderId));
const underParent = (parentId: string | null) => (parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId));

export const filesRepository = {
  async insertUpload(db: Db, row: { userId: string; objectKey: string; expiresAt: Date; createdAt: Date }) {
    await db.insert(uploads).values(row);
  },

  async findUploadByKey(db: Db, objectKey: string): Promise<UploadRow | undefined> {
    const [row] = await db.select().from(uploads).where(eq(uploads.objectKey, objectKey)).limit(1);
    return row;
  },

  async markUploadCompleted(db: Db, id: string, now: Date) {
    await db.update(uploads).set({ completedAt: now }).where(eq(uploads.id, id));
  },

  async deleteUpload(db: Db, id: string) {
    await db.delete(uploads).where(eq(uploads.id, id));
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

  async usedBytes(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string | number | null>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.userId, userId));
    return Number(row?.total ?? 0);
  },

  async findFolder(db: Db, userId: string, id: string): Promise<FolderRow | undefined> {
    const [row] = await db
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), eq(folders.userId, userId)))
      .limit(1);
    return row;
  },

  async listFolders(db: Db, userId: string, parentId: string | null): Promise<FolderRow[]> {
    return db
      .select()
      .from(folders)
      .where(and(eq(folders.userId, userId), underParent(parentId)))
      .orderBy(asc(folders.name));
  },

  async listFiles(db: Db, userId: string, folderId: string | null): Promise<FileRow[]> {
    return db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), inFolder(folderId)))
      .orderBy(desc(files.uploadedAt), asc(files.originalName));
  },

  async searchFolders(db: Db, userId: string, text: string, limit: number): Promise<FolderRow[]> {
    return db
      .select()
      .from(folders)
      .where(and(eq(folders.userId, userId), ilike(folders.name, containsPattern(text))))
      .orderBy(asc(folders.name))
      .limit(limit);
  },

  async searchFiles(db: Db, userId: string, text: string, limit: number): Promise<FileRow[]> {
    return db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), ilike(files.originalName, containsPattern(text))))
      .orderBy(desc(files.uploadedAt), asc(files.originalName))
      .limit(limit);
  },

  async insertFolder(db: Db, row: { userId: string; name: string; parentId: string | null; createdAt: Date }): Promise<FolderRow> {
    const [folder] = await db.insert(folders).values(row).returning();
    return folder!;
  },

  async updateFolder(db: Db, userId: string, id: string, changes: { name?: string; parentId?: string | null }) {
    const [folder] = await db
      .update(folders)
      .set(changes)
      .where(and(eq(folders.id, id), eq(folders.userId, userId)))
      .returning();
    return folder;
  },

  /** Ids of the folders directly inside any of these. */
  async childFolderIds(db: Db, userId: string, parentIds: string[]): Promise<string[]> {
    if (parentIds.length === 0) return [];
    const rows = await db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.userId, userId), inArray(folders.parentId, parentIds)));
    return rows.map((r) => r.id);
  },

  async objectPathsInFolders(db: Db, userId: string, folderIds: string[]): Promise<string[]> {
    if (folderIds.length === 0) return [];
    const rows = await db
      .select({ path: files.objectPath })
      .from(files)
      .where(and(eq(files.userId, userId), inArray(files.folderId, folderIds)));
    return rows.map((r) => r.path);
  },

  /** Deleting a folder cascades to its subfolders and their file rows (foreign keys). */
  async deleteFolder(db: Db, userId: string, id: string) {
    await db.delete(folders).where(and(eq(folders.id, id), eq(folders.userId, userId)));
  },

  async insertFile(db: Db, row: Omit<FileRow, 'id'>): Promise<FileRow> {
    const [file] = await db.insert(files).values(row).returning();
    return file!;
  },

  async findFile(db: Db, userId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .limit(1);
    return row;
  },

  async fileExistsAt(db: Db, objectPath: string): Promise<boolean> {
    const [row] = await db.select({ id: files.id }).from(files).where(eq(files.objectPath, objectPath)).limit(1);
    return row !== undefined;
  },

  async updateFile(db: Db, userId: string, id: string, changes: { originalName?: string; folderId?: string | null }) {
    const [file] = await db
      .update(files)
      .set(changes)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .returning();
    return file;
  },

  async deleteFile(db: Db, userId: string, id: string) {
    await db.delete(files).where(and(eq(files.id, id), eq(files.userId, userId)));
  },
};
