import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { demoRequests, type DemoRequestRow } from '../../db/schema/commerce';

export const demoRequestsRepository = {
  async insert(db: Db, row: { name: string; email: string; usecase: string; createdAt: Date }): Promise<DemoRequestRow> {
    const [created] = await db.insert(demoRequests).values(row).returning();
    return created!;
  },

  async list(db: Db, limit: number): Promise<DemoRequestRow[]> {
    return db.select().from(demoRequests).orderBy(desc(demoRequests.createdAt)).limit(limit);
  },

  async update(db: Db, id: string, values: { status: string; notes?: string }): Promise<DemoRequestRow | undefined> {
    const [row] = await db.update(demoRequests).set(values).where(eq(demoRequests.id, id)).returning();
    return row;
  },

  /** Every request sent from this address (letter case aside). */
  async deleteByEmail(db: Db, email: string) {
    await db.delete(demoRequests).where(sql`lower(${demoRequests.email}) = lower(${email})`);
  },
};
