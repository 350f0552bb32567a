import { USERNAME_MAX_LENGTH } from '@contract/limits';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { teamAccounts } from '../teams/team-accounts';
import { authRepository } from './auth.repository';
import { NO_PASSWORD } from './auth.service';
import { oidcRepository } from './oidc.repository';

/** An outside identity (an OIDC provider's subject, or a directory entry's stable id) linked to an account. */
export interface IdentityLink {
  issuer: string;
  subject: string;
}

/** The new account's team is full: the sign-in is refused with a sentence. */
export class NoFreeSeat extends Error {}

/** Letters, digits, dot, dash and underscore from the email's local part, as sign-up allows. */
function usernameBase(email: string): string {
  const local = email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '').slice(0, USERNAME_MAX_LENGTH - 5);
  return local.length >= 2 ? local : 'user';
}

/**
 * A new account for an identity someone vouched for (a provider's verified email, or the company
 * directory): verified, without a password, linked to the identity, in a team of its own or, with
 * `teamByEmailDomain`, its email domain's team (the first such account creates and owns it).
 */
export async function createLinkedAccount(
  deps: { db: Db; clock: Clock; enterpriseSeats: number | undefined },
  link: IdentityLink,
  email: string,
  teamByEmailDomain: boolean,
): Promise<UserRow> {
  const { db, clock } = deps;
  const base = usernameBase(email);
  const domain = email.split('@')[1]!;
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    const clash = await authRepository.findUserByEmailOrUsername(db, email, username);
    if (clash.length > 0) continue;
    try {
      return await db.transaction(async (tx) => {
        const now = clock.now();
        const user = await authRepository.insertUser(tx, { email, username, passwordHash: NO_PASSWORD, emailVerifiedAt: now });
        const domainTeam = teamByEmailDomain ? await oidcRepository.teamOfDomain(tx, domain) : undefined;
        if (domainTeam) {
          await teamAccounts.joinAsMember(tx, domainTeam, user.id, now, deps.enterpriseSeats);
        } else {
          const team = await teamAccounts.createTeamOf(tx, user.id, teamByEmailDomain ? domain : username);
          if (teamByEmailDomain) await oidcRepository.setTeamOfDomain(tx, domain, team.id);
        }
        await oidcRepository.linkIdentity(tx, { ...link, userId: user.id });
        return user;
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'seat_limit') throw new NoFreeSeat();
      // A username, email or domain taken by a sign-in at the same moment: try again.
      if (uniqueViolation(error) === undefined) throw error;
    }
  }
  throw new Error('could not find a free username for a new single sign-on account');
}
