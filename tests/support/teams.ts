import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { teamMembers, teams } from '../../server/db/schema/teams';
import { signUp, type TestApp } from './test-app';

/** Sets the plan of the team this user belongs to, as a payment or an admin grant would. */
export async function setTeamPlan(db: Db, userId: string, values: { premiumUntil: Date | null; plan: string | null }) {
  await db
    .update(teams)
    .set(values)
    .where(sql`${teams.id} = (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`);
}

/** The team row of the team this user belongs to. */
export async function teamOf(db: Db, userId: string) {
  const [row] = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  if (!row) throw new Error(`user ${userId} has no team`);
  return { ...row.team, role: row.role };
}

/**
 * `inviter` (owner or admin) invites `person` by email with `role`, and `person` accepts through
 * the link, as the teams API does it; throws when either step is refused.
 */
export async function joinTeam(
  app: FastifyInstance,
  inviter: { cookie: string },
  person: { cookie: string; user: { email: string } },
  role: 'admin' | 'member' = 'member',
) {
  const created = await app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie: inviter.cookie }, payload: { email: person.user.email, role } });
  if (created.statusCode !== 201) throw new Error(`invite: ${created.statusCode} ${created.body}`);
  const token = (created.json() as { url: string }).url.split('/invite/')[1]!;
  const accepted = await app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: { cookie: person.cookie } });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
}

/**
 * Three people for team-scoped tests: an owner whose team is on Starter for 30 days, a plain
 * member of that team, and an outsider in a team of their own.
 */
export async function starterTeamAndOutsider(t: TestApp) {
  const owner = await signUp(t.app);
  await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * 24 * 3600 * 1000), plan: 'starter' });
  t.userDataChanges.changed();
  const member = await signUp(t.app);
  await joinTeam(t.app, owner, member, 'member');
  const outsider = await signUp(t.app);
  return { owner, member, outsider };
}
