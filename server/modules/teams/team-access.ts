import type { Team, TeamRole } from '@contract/teams';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PublicLinks } from '../../lib/public-links';
import type { UserDataChanges } from '../auth/session-cache';
import { subscriptionOf } from '../subscription/subscription.service';
import { livePlan, seatsOf } from './team-seats';
import { teamsRepository as repo } from './teams.repository';

export interface TeamsServiceDeps {
  db: Db;
  clock: Clock;
  /** Told of every membership or role change, so no cached session keeps an old team or role. */
  userDataChanges: UserDataChanges;
  /** ENTERPRISE_SEATS; undefined is unlimited. */
  enterpriseSeats: number | undefined;
  /** Sends invitation emails; null when SMTP_URL is unset (the link is then shown to copy). */
  mailer?: Mailer | null;
  /** The one builder of mailed links (PUBLIC_URL only). */
  links: PublicLinks;
  /** Where a failed send is reported (the app's log); never given the link or the address. */
  warn?: (message: string) => void;
}

const managers: readonly TeamRole[] = ['owner', 'admin'];
const forbidden = (what: string) => new AppError('forbidden', `Only the team's owner and admins can ${what}.`);

/**
 * What every team rule starts from: the caller's membership read inside the transaction (never the
 * session cache's copy), the team they manage locked, the team as the caller sees it, and the
 * announcement after a commit that changed who is in which team.
 */
export function createTeamAccess(deps: TeamsServiceDeps) {
  const { db, clock, userDataChanges } = deps;

  async function membership(tx: Db, userId: string) {
    const found = await repo.membershipOf(tx, userId);
    // The session was live a moment ago; no membership means the account was deleted since.
    if (!found) throw notFound('Your account');
    return found;
  }

  /** The caller's team locked for this transaction, with their role; 403 unless they manage it. */
  async function managedTeam(tx: Db, userId: string, what: string) {
    const me = await membership(tx, userId);
    const team = await repo.lockTeam(tx, me.teamId);
    if (!team) throw notFound('Your team');
    // Read again under the lock: a concurrent change of role has finished by now.
    const role = (await repo.memberOf(tx, team.id, userId))?.role;
    if (!role || !managers.includes(role)) throw forbidden(what);
    return { team, role };
  }

  async function view(userId: string): Promise<Team> {
    const now = clock.now();
    const me = await membership(db, userId);
    const team = await repo.findTeam(db, me.teamId);
    if (!team) throw notFound('Your team');
    const manages = managers.includes(me.role);
    const [members, used, invitations] = await Promise.all([
      repo.members(db, team.id),
      repo.seatsUsed(db, team.id, now),
      manages ? repo.pendingInvitations(db, team.id, now) : Promise.resolve([]),
    ]);
    const subscription = subscriptionOf(team, now);
    return {
      id: team.id,
      name: team.name,
      plan: subscription.plan,
      isPremium: subscription.isPremium,
      expiresAt: subscription.expiresAt,
      seats: { used, limit: seatsOf(livePlan(team, now), deps.enterpriseSeats) },
      members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
      invitations: invitations.map((i) => ({ ...i, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    };
  }

  /** After a commit that changed who is in which team or with which role. */
  function announce() {
    userDataChanges.changed();
  }

  return { membership, managedTeam, view, announce };
}

export type TeamAccess = ReturnType<typeof createTeamAccess>;
