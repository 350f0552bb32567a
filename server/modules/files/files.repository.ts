import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import type { FileScope } from '@contract/files';
import { files, folders, uploads, type FileRow, type FolderRow } from '../../db/schema/files';
import { teamMembers } from '../../db/schema/teams';
import { filesInScope, foldersInScope, readableFiles, readableFolders } from './file-access';
import type { FileCursor } from './list-cursor';

export type UploadRow = typeof uploads.$inferSelect;

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the characters. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const inFolder = (folderId: string | null) => (folderId ? eq(files.folderId, folderId) : isNull(files.folderId));
/** The files directly in a folder, or in Home of one of the user's libraries (folderId null). */
const placeFilter = (userId: string, scope: FileScope, folderId: string | null) => and(folderId ? undefined : filesInScope(userId, scope), inFolder(folderId))!;
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

/**
 * One page of the files the user may read matching `filter`: fetches one row more than asked to
 * know whether another page exists.
 */
async function filesPage(db: Db, userId: string, filter: SQL, cursor: FileCursor | null, limit: number): Promise<FilePage> {
  return pageOf(await filesPageQuery(db, userId, filter, cursor, limit), limit);
}

/** The statement of one page (its plan is tested: files.list-plan.test.ts). */
function filesPageQuery(db: Db, userId: string, filter: SQL, cursor: FileCursor | null, limit: number) {
  return db
    .select({ file: files, uploadedAtText })
    .from(files)
    .where(and(readableFiles(userId), filter, filesAfter(cursor)))
    .orderBy(...FILE_ORDER)
    .limit(limit + 1);
}

function pageOf(rows: { file: FileRow; uploadedAtText: string }[], limit: number): FilePage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? { uploadedAt: last.uploadedAtText, name: last.file.originalName, id: last.file.id } : null;
  return { files: page.map((row) => row.file), next };
}

/**
 * Takes a transaction-scoped advisory lock on one library's `scope` (its folder tree, its storage
 * total), keyed by a user id (a private library) or a team id: concurrent writers of the same
 * library queue here, and each re-reads what it checks after the lock is granted (READ COMMITTED
 * takes a fresh snapshot per statement). Other libraries never wait.
 */
async function lockLibrary(tx: Db, scope: 'folder-tree' | 'storage', key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`genie:${scope}:${key}`}, 0))`);
}

/**
 * Whether `folderId` is `candidateId` or one of its ancestors (bounded, in case a cycle exists
 * already). The caller has checked that the user may read both: a folder's parents share its library.
 */
async function isSelfOrAncestor(tx: Db, userId: string, folderId: string, candidateId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 1 from folders where id = ${candidateId} and ${readableFolders(userId)}
      union all
      select f.id, f.parent_id, up.depth + 1 from folders f join up on f.id = up.parent_id where up.depth < 256
    )
    select exists (select 1 from up where id = ${folderId}) as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found === true;
}

/** The one file that `match` picks among those the user may read, if any. */
async function readableFile(db: Db, userId: string, match: SQL): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(and(match, readableFiles(userId))).limit(1);
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
   * The bytes the storage limit of the user's team counts, and its seats (members). One team, one
   * limit: the team library, every member's private files, and the uploads of any member whose
   * bytes have arrived but are not a record yet (they sit on disk just the same). `exceptUpload`
   * leaves out one upload, whose bytes the caller is about to count as something else. A user
   * without a team (an account being deleted) counts alone.
   */
  async teamUsage(db: Db, userId: string, exceptUpload?: string): Promise<{ usedBytes: number; seats: number }> {
    const result = await db.execute(sql`
      with team as (select ${teamMembers.teamId} as id from ${teamMembers} where ${teamMembers.userId} = ${userId}),
           members as (select ${teamMembers.userId} as id from ${teamMembers} where ${teamMembers.teamId} = (select id from team)
                       union select ${userId}::uuid)
      select (select coalesce(sum(${files.size}), 0) from ${files} where ${files.teamId} = (select id from team))
           + (select coalesce(sum(${files.size}), 0) from ${files} where ${files.teamId} is null and ${files.userId} in (select id from members))
           + (select coalesce(sum(${uploads.size}), 0) from ${uploads}
               where ${uploads.userId} in (select id from members) and ${uploads.size} is not null
                 ${exceptUpload ? sql`and ${uploads.id} <> ${exceptUpload}` : sql``}) as total,
             (select count(*) from members) as seats`);
    // A bigint sum or count arrives as text.
    const row = rowsOf<{ total: string | number; seats: string | number }>(result)[0];
    return { usedBytes: Number(row?.total ?? 0), seats: Math.max(1, Number(row?.seats ?? 1)) };
  },

  /**
   * Runs `work` in a transaction holding the storage lock of the user's team: every check of the
   * storage limit and the write it allows happen together, one request of that team at a time
   * (issue 14: ten concurrent records each passed the check before any was written).
   */
  async withStorageLock<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const [member] = await tx.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
      await lockLibrary(tx, 'storage', member?.teamId ?? userId);
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

  /** A folder the user may read (their own private one or their team's). */
  async findFolder(db: Db, userId: string, id: string): Promise<FolderRow | undefined> {
    const [row] = await db
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), readableFolders(userId)))
      .limit(1);
    return row;
  },

  /** The folders directly in a folder, or at the top of one of the user's libraries (parentId null). */
  async listFolders(db: Db, userId: string, scope: FileScope, parentId: string | null): Promise<FolderRow[]> {
    return db
      .select()
      .from(folders)
      .where(and(parentId ? readableFolders(userId) : foldersInScope(userId, scope), underParent(parentId)))
      .orderBy(asc(folders.name));
  },

  /** A page of the files directly in a folder, or in Home of one of the user's libraries (folderId null). */
  async listFiles(db: Db, userId: string, scope: FileScope, folderId: string | null, cursor: FileCursor | null, limit: number): Promise<FilePage> {
    return filesPage(db, userId, placeFilter(userId, scope, folderId), cursor, limit);
  },

  /** listFiles' statement, unrun. */
  listFilesQuery(db: Db, userId: string, scope: FileScope, folderId: string | null, cursor: FileCursor | null, limit: number) {
    return filesPageQuery(db, userId, placeFilter(userId, scope, folderId), cursor, limit);
  },

  /** Folders of one library whose name contains the text, any case (folders_name_trgm_idx). */
  async searchFolders(db: Db, userId: string, scope: FileScope, text: string, limit: number): Promise<FolderRow[]> {
    return db
      .select()
      .from(folders)
      .where(and(foldersInScope(userId, scope), ilike(folders.name, containsPattern(text))))
      .orderBy(asc(folders.name))
      .limit(limit);
  },

  /** A page of one library's files whose name contains the text, any case (files_original_name_trgm_idx). */
  async searchFiles(db: Db, userId: string, scope: FileScope, text: string, cursor: FileCursor | null, limit: number): Promise<FilePage> {
    return filesPage(db, userId, and(filesInScope(userId, scope), ilike(files.originalName, containsPattern(text)))!, cursor, limit);
  },

  async insertFolder(db: Db, row: { userId: string; teamId: string | null; name: string; parentId: string | null; createdAt: Date }): Promise<FolderRow> {
    const [folder] = await db.insert(folders).values(row).returning();
    return folder!;
  },

  /**
   * Renames and/or moves a folder the user may read; 'cycle' (and no change) when the new parent
   * is the folder itself or inside it. Moves are serialised per library (`libraryKey`: the user's
   * id or the team's), with the check made under the lock: two moves X→Y and Y→X that each
   * checked first and then wrote made a cycle under READ COMMITTED.
   */
  async updateFolder(
    db: Db,
    userId: string,
    libraryKey: string,
    id: string,
    changes: { name?: string; parentId?: string | null },
  ): Promise<FolderRow | undefined | 'cycle'> {
    return db.transaction(async (tx) => {
      if (changes.parentId) {
        await lockLibrary(tx, 'folder-tree', libraryKey);
        if (await isSelfOrAncestor(tx, userId, id, changes.parentId)) return 'cycle' as const;
      }
      const [folder] = await tx
        .update(folders)
        .set(changes)
        .where(and(eq(folders.id, id), readableFolders(userId)))
        .returning();
      return folder;
    });
  },

  /** The id of the user's private top-level folder of this name, created when there is none. */
  async topFolderNamed(db: Db, userId: string, name: string): Promise<string> {
    const where = and(eq(folders.userId, userId), isNull(folders.teamId), isNull(folders.parentId), eq(folders.name, name));
    const [existing] = await db.select({ id: folders.id }).from(folders).where(where).orderBy(asc(folders.createdAt)).limit(1);
    if (existing) return existing.id;
    await db.insert(folders).values({ userId, name, parentId: null }).onConflictDoNothing();
    const [row] = await db.select({ id: folders.id }).from(folders).where(where).limit(1);
    return row!.id;
  },

  /**
   * The team-library folders `userId` made (in `teamId` only, when given) pass to their team's
   * owner: a folder holds other members' files, and it must not go with the person who made it
   * (a folders.user_id cascade would take their files along). A team without an owner keeps the
   * row as it is; that team is being deleted, and its own trigger takes care of its files.
   */
  async handTeamFoldersToOwners(db: Db, userId: string, teamId?: string) {
    const owner = sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${folders.teamId} and ${teamMembers.role} = 'owner')`;
    await db
      .update(folders)
      .set({ userId: sql`coalesce(${owner}, ${folders.userId})` })
      .where(and(eq(folders.userId, userId), teamId ? eq(folders.teamId, teamId) : isNotNull(folders.teamId)));
  },

  /** The folders directly inside any of these, with who made each. */
  async childFolders(db: Db, userId: string, parentIds: string[]): Promise<{ id: string; userId: string }[]> {
    if (parentIds.length === 0) return [];
    return db
      .select({ id: folders.id, userId: folders.userId })
      .from(folders)
      .where(and(readableFolders(userId), inArray(folders.parentId, parentIds)));
  },

  /** The files in these folders: where their bytes are, and who uploaded each. */
  async filesInFolders(db: Db, userId: string, folderIds: string[]): Promise<{ path: string; userId: string }[]> {
    if (folderIds.length === 0) return [];
    return db
      .select({ path: files.objectPath, userId: files.userId })
      .from(files)
      .where(and(readableFiles(userId), inArray(files.folderId, folderIds)));
  },

  /**
   * Deletes a folder, its subfolders (cascade) and their files. The files go first, in one
   * statement over the whole subtree: the storage totals trigger then updates its rows in one
   * sorted pass, where a cascade would update them folder by folder, in an order that can
   * deadlock against another folder delete.
   */
  async deleteFolder(db: Db, userId: string, id: string, subtreeIds: string[]) {
    await db.transaction(async (tx) => {
      await tx.delete(files).where(and(readableFiles(userId), inArray(files.folderId, subtreeIds)));
      await tx.delete(folders).where(and(eq(folders.id, id), readableFolders(userId)));
    });
  },

  async insertFile(db: Db, row: Omit<FileRow, 'id' | 'indexStatus' | 'indexError' | 'indexAttempts'>): Promise<FileRow> {
    const [file] = await db.insert(files).values(row).returning();
    return file!;
  },

  /** A file the user may read (readableFiles), by id. */
  async findFile(db: Db, userId: string, id: string): Promise<FileRow | undefined> {
    return readableFile(db, userId, eq(files.id, id));
  },

  async findFileByObjectPath(db: Db, userId: string, objectPath: string): Promise<FileRow | undefined> {
    return readableFile(db, userId, eq(files.objectPath, objectPath));
  },

  async fileExistsAt(db: Db, objectPath: string): Promise<boolean> {
    const [row] = await db.select({ id: files.id }).from(files).where(eq(files.objectPath, objectPath)).limit(1);
    return row !== undefined;
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
};
