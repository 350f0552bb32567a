import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { files, folders } from '../../db/schema/files';
import { projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { readableFiles, readableFolders } from '../files/file-access';
import { editableBy, teamOf, visibleTo } from './sharing-rules';

/** The SQL of projects (issue 42); the only writer of the projects table. */

const projectColumns = {
  id: projects.id,
  userId: projects.userId,
  teamId: projects.teamId,
  name: projects.name,
  instructions: projects.instructions,
  fileIds: projects.fileIds,
  folderIds: projects.folderIds,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  createdBy: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${projects.userId})`,
};

export const projectsRepository = {
  /** The projects the caller sees, with whether they may change each, newest change first. */
  async listVisible(db: Db, userId: string) {
    return db
      .select({ ...projectColumns, canEdit: sql<boolean>`${editableBy(projects, userId)}` })
      .from(projects)
      .where(visibleTo(projects, userId))
      .orderBy(desc(projects.updatedAt), desc(projects.id));
  },

  async findVisible(db: Db, userId: string, id: string) {
    const [row] = await db
      .select({ ...projectColumns, canEdit: sql<boolean>`${editableBy(projects, userId)}` })
      .from(projects)
      .where(and(eq(projects.id, id), visibleTo(projects, userId)))
      .limit(1);
    return row ?? null;
  },

  /** The caller's team id (every account belongs to one). */
  async teamIdOf(db: Db, userId: string): Promise<string | null> {
    const rows = rowsOf<{ team_id: string | null }>(await db.execute(sql`select ${teamOf(userId)} as team_id`));
    return rows[0]?.team_id ?? null;
  },

  /** How many of these files and folders the caller may read (each id counted once). */
  async readableCounts(db: Db, userId: string, fileIds: string[], folderIds: string[]): Promise<{ files: number; folders: number }> {
    const fileCount = fileIds.length === 0 ? 0 : (await db.select({ n: sql<number>`count(*)::int` }).from(files).where(and(sql`${files.id} in (${sql.join(fileIds.map((id) => sql`${id}::uuid`), sql`, `)})`, readableFiles(userId))))[0]?.n ?? 0;
    const folderCount = folderIds.length === 0 ? 0 : (await db.select({ n: sql<number>`count(*)::int` }).from(folders).where(and(sql`${folders.id} in (${sql.join(folderIds.map((id) => sql`${id}::uuid`), sql`, `)})`, readableFolders(userId))))[0]?.n ?? 0;
    return { files: Number(fileCount), folders: Number(folderCount) };
  },

  async insert(db: Db, values: { userId: string; teamId: string | null; name: string; instructions: string; fileIds: string[]; folderIds: string[] }) {
    const [row] = await db.insert(projects).values(values).returning({ id: projects.id });
    return row!.id;
  },

  async update(db: Db, id: string, patch: Partial<{ name: string; instructions: string; teamId: string | null; fileIds: string[]; folderIds: string[] }>, now: Date) {
    await db.update(projects).set({ ...patch, updatedAt: now }).where(eq(projects.id, id));
  },

  async remove(db: Db, id: string) {
    await db.delete(projects).where(eq(projects.id, id));
  },
};
