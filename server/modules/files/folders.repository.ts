import { and, asc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FileScope } from '@contract/files';
import { rowsOf, type Db } from '../../db/database';
import { files, folders, type FolderRow } from '../../db/schema/files';
import { teamMembers } from '../../db/schema/teams';
import { foldersInScope, readableFiles, readableFolders } from './file-access';
import { fileRecordWrites } from './file-writes';
import { containsPattern, lockLibrary } from './library-sql';

/**
 * Folders: reading, making, renaming, moving and deleting them. The one writer of `folders`
 * (docs/decisions.md, "Data: one writer per table"); a folder delete's files go through their
 * owner, file-writes.ts, in the same transaction.
 */

const underParent = (parentId: string | null) => (parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId));

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

export const foldersRepository = {
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

  /** Folders of one library whose name contains the text, any case (folders_name_trgm_idx). */
  async searchFolders(db: Db, userId: string, scope: FileScope, text: string, limit: number): Promise<FolderRow[]> {
    return db
      .select()
      .from(folders)
      .where(and(foldersInScope(userId, scope), ilike(folders.name, containsPattern(text))))
      .orderBy(asc(folders.name))
      .limit(limit);
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
      await fileRecordWrites.deleteInFolders(tx, userId, subtreeIds);
      await tx.delete(folders).where(and(eq(folders.id, id), readableFolders(userId)));
    });
  },
};
