import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { teamMembers, teams } from '../../server/db/schema/teams';

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
