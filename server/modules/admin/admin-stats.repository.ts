import { desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { featureEvents, interactions } from '../../db/schema/chat';
import { payments } from '../../db/schema/commerce';
import { files } from '../../db/schema/files';
import { sessions, users } from '../../db/schema/users';

// Every figure is one aggregate query; each filters or groups on an indexed column
// (payments status+created, users last_active/premium_until, files category, interactions persona,
// feature_events feature+action), so polling stays cheap as the tables grow.
const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

export const adminStatsRepository = {
  async revenue(db: Db, since: { d1: Date; d7: Date; d30: Date }) {
    const [row] = await db
      .select({
        total: sql<string>`coalesce(sum(${payments.amountUsd}), 0)`,
        last24h: sql<string>`coalesce(sum(${payments.amountUsd}) filter (where ${payments.createdAt} >= ${since.d1.toISOString()}), 0)`,
        last7d: sql<string>`coalesce(sum(${payments.amountUsd}) filter (where ${payments.createdAt} >= ${since.d7.toISOString()}), 0)`,
        last30d: sql<string>`coalesce(sum(${payments.amountUsd}) filter (where ${payments.createdAt} >= ${since.d30.toISOString()}), 0)`,
      })
      .from(payments)
      .where(eq(payments.status, 'confirmed'));
    return row!;
  },

  async revenueSince(db: Db, since: Date) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${payments.amountUsd}), 0)` })
      .from(payments)
      .where(sql`${payments.status} = 'confirmed' and ${payments.createdAt} >= ${since.toISOString()}`);
    return Number(row!.total);
  },

  async paymentCounts(db: Db) {
    const [row] = await db
      .select({
        total: int(sql`count(*)`),
        confirmed: int(sql`count(*) filter (where ${payments.status} = 'confirmed')`),
      })
      .from(payments);
    return row!;
  },

  async userCounts(db: Db, now: Date, startOfDay: Date) {
    const [row] = await db
      .select({
        total: int(sql`count(*)`),
        premium: int(sql`count(*) filter (where ${users.premiumUntil} > ${now.toISOString()})`),
        activeToday: int(sql`count(*) filter (where ${users.lastActiveAt} >= ${startOfDay.toISOString()})`),
      })
      .from(users);
    return row!;
  },

  async storageByCategory(db: Db) {
    return db
      .select({ category: files.category, count: int(sql`count(*)`), bytes: int(sql`coalesce(sum(${files.size}), 0)`) })
      .from(files)
      .groupBy(files.category);
  },

  async recentPayments(db: Db, limit: number) {
    return db
      .select({
        id: payments.id,
        user: users.username,
        cryptocurrency: payments.cryptocurrency,
        amount: payments.amount,
        amountUsd: payments.amountUsd,
        status: payments.status,
        txHash: payments.txHash,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .orderBy(desc(payments.createdAt))
      .limit(limit);
  },

  async liveSessions(db: Db, now: Date) {
    const [row] = await db.select({ count: int(sql`count(*)`) }).from(sessions).where(gt(sessions.expiresAt, now));
    return row!.count;
  },

  /** Every interaction figure in one pass over the table, grouped by persona (the overview sums the groups). */
  async interactionsByPersona(db: Db) {
    return db
      .select({
        character: interactions.persona,
        count: int(sql`count(*)`),
        totalResponseMs: int(sql`coalesce(sum(${interactions.responseTimeMs}), 0)`),
        succeeded: int(sql`count(*) filter (where ${interactions.success})`),
        positive: int(sql`count(*) filter (where ${interactions.feedback} = 'positive')`),
        negative: int(sql`count(*) filter (where ${interactions.feedback} = 'negative')`),
      })
      .from(interactions)
      .groupBy(interactions.persona)
      .orderBy(sql`count(*) desc`, interactions.persona);
  },

  async topFeatures(db: Db, limit: number) {
    return db
      .select({ feature: featureEvents.feature, action: featureEvents.action, count: int(sql`count(*)`) })
      .from(featureEvents)
      .groupBy(featureEvents.feature, featureEvents.action)
      .orderBy(sql`count(*) desc`, featureEvents.feature, featureEvents.action)
      .limit(limit);
  },
};
