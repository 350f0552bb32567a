import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, folders, uploads, type FileRow, type FolderRow } from '../../db/schema/files';
import type { FileCursor } from './list-cursor';

export type UploadRow = typeof uploads.$inferSelect;

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the characters. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const inFolder = (folderId: string | null) => (folderId ? eq(files.folderId, folderId) : isNull(files.folderId));
const underParent = (parentId: string | null) => (parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId));

/** How file lists are ordered (newest first); filesAfter must agree with it. */
const FILE_ORDER = [desc(files.uploadedAt), asc(files.originalName), asc(files.id)];

/** uploaded_at to the microsecond, for a cursor (a JS Date keeps only milliseconds). */
const uploadedAtText = sql<string>`to_char(${files.uploadedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Files strictly after the cursor in FILE_ORDER. The first conjunct is redundant but lets the
 * (user_id, folder_id, uploaded_at) index start the scan at the cursor.
 */
const filesAfter = (cursor: FileCursor | null) => {
  if (!cursor) return undefined;
  const at = sql`${cursor.uploadedAt}::timestamptz`;
  return sql`${files.uploadedAt} <= ${at} and (${files.uploadedAt} < ${at} or (${files.originalName}, ${files.id}) > (${cursor.name}, ${cursor.id}::uuid))`;
};

export interface FilePage {
  files: FileRow[];
  /** Where the next page starts; null on the last page. */
  next: FileCursor | null;
}

/** One page of the user's files matching `filter`: fetches one row more than asked to know whether another page exists. */
async function filesPage(db: Db, userId: string, filter: SQL, cursor: FileCursor | null, limit: number): Promise<FilePage> {
  const rows = await db
    .select({ file: files, uploadedAtText })
    .from(files)
    .where(and(eq(files.userId, userId), filter, filesAfter(cursor)))
    .orderBy(...FILE_ORDER)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? { uploadedAt: last.uploadedAtText, name: last.file.originalName, id: last.file.id } : null;
  return { files: page.map((row) => row.file), next };
}

/**
 * Takes a transaction-scoped advisory lock on one user's `scope` (their folder tree, their storage
 * total): concurrent writers of the same user queue here, and each re-reads what it checks after
 * the lock is granted (READ COMMITTED takes a fresh snapshot per statement). Other users never wait.
 */
async function lockUser(tx: Db, scope: 'folder-tree' | 'storage', userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`genie:${scope}:${userId}`}, 0))`);
}

/** Whether `folderId` is `candidateId` or one of its ancestors (bounded, in case a cycle exists already). */
async function isSelfOrAncestor(tx: Db, userId: string, folderId: string, candidateId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 1 from folders where id = ${candidateId} and user_id = ${userId}
      union all
      select f.id, f.parent_id, up.depth + 1 from folders f join up on f.id = up.parent_id where up.depth < 256
    )
    select exists (select 1 from up where id = ${folderId}) as found`);
  // Both drivers (node-postgres, PGlite) answer with `rows`.
  return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true;
}

/** The user's one file that `match` picks, if any. */
async function ownFile(db: Db, userId: string, match: SQL): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(and(match, eq(files.userId, userId))).limit(1);
  return row;
}

export const filesRepository = {
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

  /**
   * The bytes the user's storage limit counts: their file records, and the uploads whose bytes
   * have arrived but are not a record yet (they sit on disk just the same). `exceptUpload` leaves
   * out one upload, whose bytes the caller is about to count as something else.
   */
  async usedBytes(db: Db, userId: string, exceptUpload?: string): Promise<number> {
    const pending = and(eq(uploads.userId, userId), isNotNull(uploads.size), exceptUpload ? ne(uploads.id, exceptUpload) : undefined);
    const result = await db.execute(sql`
      select (select coalesce(sum(${files.size}), 0) from ${files} where ${eq(files.userId, userId)})
           + (select coalesce(sum(${uploads.size}), 0) from ${uploads} where ${pending}) as total`);
    // Both drivers (node-postgres, PGlite) answer with `rows`; a bigint sum arrives as text.
    return Number((result as unknown as { rows: { total: string | number }[] }).rows[0]?.total ?? 0);
  },

  /**
   * Runs `work` in a transaction holding the user's storage lock: every check of the storage limit
   * and the write it allows happen together, one request of that user at a time (issue 14: ten
   * concurrent records each passed the check before any was written).
   */
  async withStorageLock<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockUser(tx, 'storage', userId);
      return work(tx);
    });
  },

  /** Files and bytes per category (files_user_folder_uploaded_idx). */
  async storageByCategory(db: Db, userId: string) {
    return db
      .select({
        category: files.category,
        files: count(),
        bytes: sql<string>`coalesce(sum(${files.size}), 0)::text`,
      })
      .from(files)
      .where(eq(files.userId, userId))
      .groupBy(files.category);
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

  /** A page of the files directly in a folder (null: Home). */
  async listFiles(db: Db, userId: string, folderId: string | null, cursor: FileCursor | null, limit: number): Promise<FilePage> {
    return filesPage(db, userId, inFolder(folderId), cursor, limit);
  },

  /** Folders whose name contains the text, any case (folders_name_trgm_idx). */
  async searchFolders(db: Db, userId: string, text: string, limit: number): Promise<FolderRow[]> {
    return db
      .select()
      .from(folders)
      .where(and(eq(folders.userId, userId), ilike(folders.name, containsPattern(text))))
      .orderBy(asc(folders.name))
      .limit(limit);
  },

  /** A page of the files whose name contains the text, any case (files_original_name_trgm_idx). */
  async searchFiles(db: Db, userId: string, text: string, cursor: FileCursor | null, limit: number): Promise<FilePage> {
    return filesPage(db, userId, ilike(files.originalName, containsPattern(text)), cursor, limit);
  },

  async insertFolder(db: Db, row: { userId: string; name: string; parentId: string | null; createdAt: Date }): Promise<FolderRow> {
    const [folder] = await db.insert(folders).values(row).returning();
    return folder!;
  },

  /**
   * Renames and/or moves a folder; 'cycle' (and no change) when the new parent is the folder itself
   * or inside it. Moves are serialised per user, with the check made under the lock: two moves
   * X→Y and Y→X that each checked first and then wrote made a cycle under READ COMMITTED.
   */
  async updateFolder(db: Db, userId: string, id: string, changes: { name?: string; parentId?: string | null }): Promise<FolderRow | undefined | 'cycle'> {
    return db.transaction(async (tx) => {
      if (changes.parentId) {
        await lockUser(tx, 'folder-tree', userId);
        if (await isSelfOrAncestor(tx, userId, id, changes.parentId)) return 'cycle' as const;
      }
      const [folder] = await tx
        .update(folders)
        .set(changes)
        .where(and(eq(folders.id, id), eq(folders.userId, userId)))
        .returning();
      return folder;
    });
  },

  /** The id of the user's top-level folder of this name, created when there is none. */
  async topFolderNamed(db: Db, userId: string, name: string): Promise<string> {
    const where = and(eq(folders.userId, userId), isNull(folders.parentId), eq(folders.name, name));
    const [existing] = await db.select({ id: folders.id }).from(folders).where(where).orderBy(asc(folders.createdAt)).limit(1);
    if (existing) return existing.id;
    await db.insert(folders).values({ userId, name, parentId: null }).onConflictDoNothing();
    const [row] = await db.select({ id: folders.id }).from(folders).where(where).limit(1);
    return row!.id;
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

  /**
   * Deletes a folder, its subfolders (cascade) and their files. The files go first, in one
   * statement over the whole subtree: the storage totals trigger then updates its rows in one
   * sorted pass, where a cascade would update them folder by folder, in an order that can
   * deadlock against another folder delete.
   */
  async deleteFolder(db: Db, userId: string, id: string, subtreeIds: string[]) {
    await db.transaction(async (tx) => {
      await tx.delete(files).where(and(eq(files.userId, userId), inArray(files.folderId, subtreeIds)));
      await tx.delete(folders).where(and(eq(folders.id, id), eq(folders.userId, userId)));
    });
  },

  async insertFile(db: Db, row: Omit<FileRow, 'id' | 'indexStatus' | 'indexError' | 'indexAttempts'>): Promise<FileRow> {
    const [file] = await db.insert(files).values(row).returning();
    return file!;
  },

  async findFile(db: Db, userId: string, id: string): Promise<FileRow | undefined> {
    return ownFile(db, userId, eq(files.id, id));
  },

  async findFileByObjectPath(db: Db, userId: string, objectPath: string): Promise<FileRow | undefined> {
    return ownFile(db, userId, eq(files.objectPath, objectPath));
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
