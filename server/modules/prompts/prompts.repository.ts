import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { prompts } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { editableBy, visibleTo } from '../projects/sharing-rules';

/** The SQL of the prompt library (issue 42); the only writer of the prompts table. */

const columns = (userId: string) => ({
  id: prompts.id,
  userId: prompts.userId,
  teamId: prompts.teamId,
  title: prompts.title,
  body: prompts.body,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
  createdBy: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${prompts.userId})`,
  canEdit: sql<boolean>`${editableBy(prompts, userId)}`,
});

export const promptsRepository = {
  /** The caller's private prompts and their team's, by title. */
  listVisible(db: Db, userId: string) {
    return db.select(columns(userId)).from(prompts).where(visibleTo(prompts, userId)).orderBy(sql`lower(${prompts.title})`, desc(prompts.updatedAt));
  },

  async findVisible(db: Db, userId: string, id: string) {
    const [row] = await db.select(columns(userId)).from(prompts).where(and(eq(prompts.id, id), visibleTo(prompts, userId))).limit(1);
    return row ?? null;
  },

  async insert(db: Db, values: { userId: string; teamId: string | null; title: string; body: string }) {
    const [row] = await db.insert(prompts).values(values).returning({ id: prompts.id });
    return row!.id;
  },

  async update(db: Db, id: string, patch: Partial<{ title: string; body: string; teamId: string | null }>, now: Date) {
    await db.update(prompts).set({ ...patch, updatedAt: now }).where(eq(prompts.id, id));
  },

  async remove(db: Db, id: string) {
    await db.delete(prompts).where(eq(prompts.id, id));
  },
};
