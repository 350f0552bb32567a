import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import type { FileScope } from '@contract/files';
import { files, uploads, type FileRow } from '../../db/schema/files';
import { teamMembers } from '../../db/schema/teams';
import { filesInScope, readableFiles } from './file-access';
import { fileRecordWrites } from './file-writes';
import { foldersRepository } from './folders.repository';
import { containsPattern, lockLibrary } from './library-sql';
import { uploadsRepository } from './uploads.repository';
import type { FileCursor } from './list-cursor';

const inFolder = (folderId: string | null) => (folderId ? eq(files.folderId, folderId) : isNull(files.folderId));
/** The files directly in a folder, or in Home of one of the user's libraries (folderId null). */
const placeFilter = (userId: string, scope: FileScope, folderId: string | null) => and(folderId ? undefined : filesInScope(userId, scope), inFolder(folderId))!;

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

/** The one file that `match` picks among those the user may read, if any. */
async function readableFile(db: Db, userId: string, match: SQL): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(and(match, readableFiles(userId))).limit(1);
  return row;
}

export const filesRepository = {
  ...uploadsRepository,
  ...foldersRepository,
  ...fileRecordWrites,

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

  /** A page of the files directly in a folder, or in Home of one of the user's libraries (folderId null). */
  async listFiles(db: Db, userId: string, scope: FileScope, folderId: string | null, cursor: FileCursor | null, limit: number): Promise<FilePage> {
    return filesPage(db, userId, placeFilter(userId, scope, folderId), cursor, limit);
  },

  /** listFiles' statement, unrun. */
  listFilesQuery(db: Db, userId: string, scope: FileScope, folderId: string | null, cursor: FileCursor | null, limit: number) {
    return filesPageQuery(db, userId, placeFilter(userId, scope, folderId), cursor, limit);
  },

  /** A page of one library's files whose name contains the text, any case (files_original_name_trgm_idx). */
  async searchFiles(db: Db, userId: string, scope: FileScope, text: string, cursor: FileCursor | null, limit: number): Promise<FilePage> {
    return filesPage(db, userId, and(filesInScope(userId, scope), ilike(files.originalName, containsPattern(text)))!, cursor, limit);
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

};
