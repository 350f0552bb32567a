import { and, asc, eq, gte, isNotNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TeamPolicy } from '@contract/team-controls';
import type { TeamRole } from '@contract/teams';
import type { Db } from '../../db/database';
import { modelUsage, teamPolicies } from '../../db/schema/team-controls';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

const sumIn = sql<number>`coalesce(sum(${modelUsage.tokensIn}), 0)`.mapWith(Number);
const sumOut = sql<number>`coalesce(sum(${modelUsage.tokensOut}), 0)`.mapWith(Number);
const inMonth = (from: Date, to: Date) => and(gte(modelUsage.createdAt, from), lt(modelUsage.createdAt, to));

/** The SQL of issue 43: team policies and model usage (the only writer of both tables). */
export const teamControlsRepository = {
  /** The user's team and role, with the team's policy row (undefined: the default policy). */
  async membershipWithPolicy(db: Db, userId: string) {
    const [row] = await db
      .select({ teamId: teamMembers.teamId, role: teamMembers.role, policy: teamPolicies })
      .from(teamMembers)
      .leftJoin(teamPolicies, eq(teamPolicies.teamId, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId))
      .limit(1);
    return row as { teamId: string; role: TeamRole; policy: typeof teamPolicies.$inferSelect | null } | undefined;
  },

  async upsertPolicy(db: Db, teamId: string, policy: TeamPolicy, updatedBy: string, now: Date) {
    const values = { ...policy, updatedAt: now, updatedBy };
    await db
      .insert(teamPolicies)
      .values({ teamId, ...values })
      .onConflictDoUpdate({ target: teamPolicies.teamId, set: values });
  },

  /** One model call on its own (tests seed usage with it; a chat's goes with its finish: usageInsertCte). Its team is the one the user is in now. */
  async recordUsage(db: Db, row: { userId: string; persona: string; model: string; tokensIn: number; tokensOut: number; estimated: boolean; at: Date }) {
    await db.execute(sql`
      insert into ${modelUsage} (user_id, team_id, persona, model, tokens_in, tokens_out, estimated, created_at)
      values (${row.userId}, (select team_id from ${teamMembers} where user_id = ${row.userId}), ${row.persona}, ${row.model},
              ${row.tokensIn}, ${row.tokensOut}, ${row.estimated}, ${row.at.toISOString()}::timestamptz)`);
  },

  /**
   * One model call's row as a CTE for the statement that stores the exchange's end (the chat's
   * finish statement), so the usage costs no statement of its own: issue 43's bench measured a
   * separate insert after each reply at 0.8-1.5 ms on the next chat's first token. The SQL stays
   * here, with the table's only writer; `value` names the finish statement's placeholders.
   */
  usageInsertCte(value: (name: string) => SQLWrapper): SQL {
    const user = sql`${value('user')}::uuid`;
    return sql`usage as (
      insert into ${modelUsage} (user_id, team_id, persona, model, tokens_in, tokens_out, estimated, created_at)
      values (${user}, (select team_id from ${teamMembers} where user_id = ${user}), ${value('usagePersona')}::text, ${value('usageModel')}::text,
              ${value('usageIn')}::int, ${value('usageOut')}::int, ${value('usageEstimated')}::boolean, ${value('now')}::timestamptz)
    )`;
  },

  /** Tokens used in [from, to) by this user in this team, and by the whole team. */
  async usedTokens(db: Db, teamId: string, userId: string, from: Date, to: Date) {
    const [row] = await db
      .select({
        mine: sql<number>`coalesce(sum(${modelUsage.tokensIn} + ${modelUsage.tokensOut}) filter (where ${modelUsage.userId} = ${userId}), 0)`.mapWith(Number),
        team: sql<number>`coalesce(sum(${modelUsage.tokensIn} + ${modelUsage.tokensOut}), 0)`.mapWith(Number),
      })
      .from(modelUsage)
      .where(and(eq(modelUsage.teamId, teamId), inMonth(from, to)));
    return row ?? { mine: 0, team: 0 };
  },

  /** The team's month by user and persona (a persona has its own price). */
  async teamUsageByUser(db: Db, teamId: string, from: Date, to: Date) {
    return db
      .select({ userId: modelUsage.userId, name: users.username, persona: modelUsage.persona, tokensIn: sumIn, tokensOut: sumOut })
      .from(modelUsage)
      .leftJoin(users, eq(users.id, modelUsage.userId))
      .where(and(eq(modelUsage.teamId, teamId), inMonth(from, to)))
      .groupBy(modelUsage.userId, users.username, modelUsage.persona);
  },

  async teamUsageByModel(db: Db, teamId: string, from: Date, to: Date) {
    return db
      .select({ model: modelUsage.model, persona: modelUsage.persona, tokensIn: sumIn, tokensOut: sumOut })
      .from(modelUsage)
      .where(and(eq(modelUsage.teamId, teamId), inMonth(from, to)))
      .groupBy(modelUsage.model, modelUsage.persona)
      .orderBy(asc(modelUsage.persona), asc(modelUsage.model));
  },

  /** The team's tokens per UTC day in [from, to), days with none left out. */
  async teamTokensByDay(db: Db, teamId: string, from: Date, to: Date) {
    const day = sql<string>`to_char(${modelUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    return db
      .select({ day, tokens: sql<number>`coalesce(sum(${modelUsage.tokensIn} + ${modelUsage.tokensOut}), 0)`.mapWith(Number) })
      .from(modelUsage)
      .where(and(eq(modelUsage.teamId, teamId), inMonth(from, to)))
      .groupBy(day);
  },

  /** Every team's month by persona (the operator's view; a persona has its own price). */
  async usageByTeam(db: Db, from: Date, to: Date) {
    return db
      .select({ teamId: modelUsage.teamId, name: teams.name, persona: modelUsage.persona, tokensIn: sumIn, tokensOut: sumOut })
      .from(modelUsage)
      .leftJoin(teams, eq(teams.id, modelUsage.teamId))
      .where(inMonth(from, to))
      .groupBy(modelUsage.teamId, teams.name, modelUsage.persona);
  },

  /** One user's month by persona, in whichever team they used it. */
  async userUsageByPersona(db: Db, userId: string, from: Date, to: Date) {
    return db
      .select({ persona: modelUsage.persona, tokensIn: sumIn, tokensOut: sumOut })
      .from(modelUsage)
      .where(and(eq(modelUsage.userId, userId), inMonth(from, to)))
      .groupBy(modelUsage.persona);
  },

  async teamMembers(db: Db, teamId: string) {
    return db
      .select({ userId: users.id, name: users.username })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(users.username));
  },

  /** Whom a budget mail goes to (the team's owner) and the names it says. */
  async budgetMailFacts(db: Db, teamId: string, userId: string) {
    const [row] = await db
      .select({ ownerEmail: users.email, ownerLanguage: users.language, teamName: teams.name, memberName: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${userId})` })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')))
      .limit(1);
    return row;
  },

  /** Teams that erase old conversations, with their owner (whom the audit entry names). */
  async teamsWithRetention(db: Db) {
    return db
      .select({ teamId: teamPolicies.teamId, retentionDays: teamPolicies.retentionDays, teamName: teams.name, ownerId: teamMembers.userId })
      .from(teamPolicies)
      .innerJoin(teams, eq(teams.id, teamPolicies.teamId))
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teamPolicies.teamId), eq(teamMembers.role, 'owner')))
      .where(isNotNull(teamPolicies.retentionDays));
  },
};
