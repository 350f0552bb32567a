import { and, asc, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { PlanId } from '@contract/plan-catalogue';
import type { Db } from '../../db/database';
import { renewalReminders } from '../../db/schema/commerce';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

export interface DueReminder {
  teamId: string;
  plan: PlanId;
  periodEnd: Date;
  email: string;
  username: string;
  /** The owner's chosen language (null: none chosen; the reminder is in English). */
  language: string | null;
}

/** The plans a reminder offers to renew: the ones with a list price (Enterprise is Contact Sales). */
const RENEWABLE: PlanId[] = ['starter', 'pro'];

export const renewalRemindersRepository = {
  /**
   * Teams on a renewable plan whose period ends within `until` and was not reminded yet, with
   * their owner's address; at most `limit`, soonest end first.
   */
  async due(db: Db, now: Date, until: Date, limit: number): Promise<DueReminder[]> {
    const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
    const rows = await db
      .select({ teamId: teams.id, plan: teams.plan, periodEnd: teams.premiumUntil, email: users.email, username: users.username, language: users.language })
      .from(teams)
      .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.role, 'owner')))
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(
          inArray(teams.plan, RENEWABLE),
          gt(teams.premiumUntil, at(now)),
          lte(teams.premiumUntil, at(until)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(renewalReminders)
              .where(and(eq(renewalReminders.teamId, teams.id), eq(renewalReminders.periodEnd, teams.premiumUntil))),
          ),
        ),
      )
      .orderBy(asc(teams.premiumUntil))
      .limit(limit);
    // The where clause keeps only RENEWABLE plans, so the column's text is a PlanId here.
    return rows.map((r) => ({ ...r, plan: r.plan as PlanId, periodEnd: r.periodEnd! }));
  },

  /** Records that this period's reminder goes out; false when another run (or process) already did. */
  async claim(db: Db, teamId: string, periodEnd: Date, now: Date): Promise<boolean> {
    const rows = await db.insert(renewalReminders).values({ teamId, periodEnd, sentAt: now }).onConflictDoNothing().returning({ teamId: renewalReminders.teamId });
    return rows.length > 0;
  },

  /** Gives a claim back when its mail could not be sent, so the next run tries again. */
  async release(db: Db, teamId: string, periodEnd: Date) {
    await db.delete(renewalReminders).where(and(eq(renewalReminders.teamId, teamId), eq(renewalReminders.periodEnd, periodEnd)));
  },
};
