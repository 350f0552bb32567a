import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { conversations, featureEvents, messages } from '../../db/schema/chat';
import { payments } from '../../db/schema/commerce';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { usernameMatches } from '../auth/username-match';

/** The questions a user asked: their own chat messages (role 'user'), not those copied from a teammate's. */
const questionsOf = (userId: string) => and(eq(messages.userId, userId), eq(messages.role, 'user'), eq(messages.copied, false));

/**
 * Every query here filters on user_id first and is served by an index of the owning table:
 * messages_user_role_created_idx, conversations_user_updated_idx, payments_user_status_idx,
 * and feature_events_user_feature_idx. Storage per category comes from the files module.
 */
export const profileRepository = {
  async findUser(db: Db, userId: string) {
    const [row] = await db
      .select({
        username: users.username,
        email: users.email,
        createdAt: users.createdAt,
        lastActiveAt: users.lastActiveAt,
        // The team's plan is every member's (one team per account: team_members' key is user_id).
        premiumUntil: teams.premiumUntil,
        plan: teams.plan,
      })
      .from(users)
      .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },

  /** Other accounts already holding this email or username (the caller's own row excluded). */
  async findClashes(db: Db, userId: string, email: string, username: string) {
    return db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(and(sql`${users.id} <> ${userId}`, sql`(${users.email} = ${email} or ${usernameMatches(username)})`))
      .limit(2);
  },

  /** The persona the account chose in the onboarding carousel, or null. */
  async chosenPersona(db: Db, userId: string): Promise<string | null> {
    const [row] = await db.select({ persona: users.chosenPersona }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.persona ?? null;
  },

  /** All questions, and those asked on or after the start of the month (before `end`). */
  async questionCounts(db: Db, userId: string, monthStart: Date, end: Date) {
    const [row] = await db
      .select({
        total: count(),
        thisMonth: sql<number>`count(*) filter (where ${messages.createdAt} >= ${monthStart.toISOString()})`.mapWith(Number),
      })
      .from(messages)
      .where(and(questionsOf(userId), lt(messages.createdAt, end)));
    return { total: row?.total ?? 0, thisMonth: row?.thisMonth ?? 0 };
  },

  /**
   * The run of consecutive UTC days with a question that ends on the latest such day before
   * `end`, and that latest day. Gaps-and-islands: on consecutive days, day + its rank (newest
   * first) is constant, so the newest run is the rows sharing the newest row's sum.
   */
  async latestQuestionRun(db: Db, userId: string, end: Date) {
    const result = await db.execute<{ last_day: string | null; run: number | string }>(sql`
      with days as (
        select distinct (${messages.createdAt} at time zone 'UTC')::date as day
        from ${messages}
        where ${messages.userId} = ${userId} and ${messages.role} = 'user' and ${messages.createdAt} < ${end.toISOString()}
      ),
      ranked as (
        select day, day + (row_number() over (order by day desc))::int as run_key from days
      )
      select to_char(max(day), 'YYYY-MM-DD') as last_day,
             count(*) filter (where run_key = (select run_key from ranked order by day desc limit 1)) as run
      from ranked
    `);
    const row = rowsOf<{ last_day: string | null; run: number | string }>(result)[0];
    return { lastDay: row?.last_day ?? null, length: Number(row?.run ?? 0) };
  },

  /** Conversations, and all their messages (questions and replies). */
  async conversationCounts(db: Db, userId: string) {
    const [conversationRow] = await db.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId));
    const [messageRow] = await db.select({ n: count() }).from(messages).where(eq(messages.userId, userId));
    return { conversations: conversationRow?.n ?? 0, messages: messageRow?.n ?? 0 };
  },

  /** Confirmed payments: how many, their sum and SPEC §9's 5% fee, as exact decimal strings. */
  async confirmedPayments(db: Db, userId: string, feeRate: number) {
    const [row] = await db
      .select({
        transactions: count(),
        spent: sql<string>`coalesce(sum(${payments.amountUsd}), 0)::numeric(14, 2)::text`,
        fees: sql<string>`round(coalesce(sum(${payments.amountUsd}), 0) * ${String(feeRate)}::numeric, 2)::text`,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'confirmed')));
    return { transactions: row?.transactions ?? 0, spent: row?.spent ?? '0', fees: row?.fees ?? '0' };
  },

  /** The feature the user used most (ties go to the alphabetically first), or undefined. */
  async mostUsedFeature(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ feature: featureEvents.feature })
      .from(featureEvents)
      .where(eq(featureEvents.userId, userId))
      .groupBy(featureEvents.feature)
      .orderBy(desc(count()), asc(featureEvents.feature))
      .limit(1);
    return row?.feature;
  },
};

export type ProfileUserRow = NonNullable<Awaited<ReturnType<typeof profileRepository.findUser>>>;
