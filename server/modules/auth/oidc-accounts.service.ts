import { USERNAME_MAX_LENGTH } from '@contract/limits';
import type { OidcIdentity } from '../../adapters/oidc/oidc-client';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { teamAccounts } from '../teams/team-accounts';
import { authRepository } from './auth.repository';
import { NO_PASSWORD } from './auth.service';
import { oidcRepository } from './oidc.repository';

/** Why a provider's sign-in did not become a Genie session; the login page words each one. */
export type SsoRefusal = 'unverified' | 'unverified_account' | 'no_email' | 'seats';

export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(`single sign-on refused: ${reason}`);
  }
}

export interface OidcAccountsDeps {
  db: Db;
  clock: Clock;
  teamByEmailDomain: boolean;
  enterpriseSeats: number | undefined;
}

/** Letters, digits, dot, dash and underscore from the email's local part, as sign-up allows. */
function usernameBase(email: string): string {
  const local = email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '').slice(0, USERNAME_MAX_LENGTH - 5);
  return local.length >= 2 ? local : 'user';
}

/**
 * Finds or makes the account for a provider's identity: the linked one first, then the account
 * with the same email when BOTH sides verified it (the provider's email_verified, and Genie's own
 * mailed link: either unverified address could be anyone's and would hand the account over), else
 * a new account without a password, verified, in a team of its own or its domain's team.
 */
export function createOidcAccountsService(deps: OidcAccountsDeps) {
  const { db, clock } = deps;

  async function createAccount(identity: OidcIdentity, email: string): Promise<UserRow> {
    const base = usernameBase(email);
    const domain = email.split('@')[1]!;
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      const clash = await authRepository.findUserByEmailOrUsername(db, email, username);
      if (clash.length > 0) continue;
      try {
        return await db.transaction(async (tx) => {
          const now = clock.now();
          // The provider vouched for the address (accountFor checks email_verified), so it is verified.
          const user = await authRepository.insertUser(tx, { email, username, passwordHash: NO_PASSWORD, emailVerifiedAt: now });
          const domainTeam = deps.teamByEmailDomain ? await oidcRepository.teamOfDomain(tx, domain) : undefined;
          if (domainTeam) {
            await teamAccounts.joinAsMember(tx, domainTeam, user.id, now, deps.enterpriseSeats);
          } else {
            const team = await teamAccounts.createTeamOf(tx, user.id, deps.teamByEmailDomain ? domain : username);
            if (deps.teamByEmailDomain) await oidcRepository.setTeamOfDomain(tx, domain, team.id);
          }
          await oidcRepository.linkIdentity(tx, { issuer: identity.issuer, subject: identity.subject, userId: user.id });
          return user;
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'seat_limit') throw new SsoRefused('seats');
        // A username, email or domain taken by a sign-in at the same moment: try again.
        if (uniqueViolation(error) === undefined) throw error;
      }
    }
    throw new Error('could not find a free username for a new single sign-on account');
  }

  return {
    /** Whether the provider's identity is the one linked to the account (an erasure's confirmation). */
    async isLinkedTo(identity: OidcIdentity, userId: string): Promise<boolean> {
      return (await oidcRepository.userOfIdentity(db, identity.issuer, identity.subject))?.id === userId;
    },

    /** The account, and whether this sign-in just linked the identity to an account that already existed. */
    async accountFor(identity: OidcIdentity): Promise<{ user: UserRow; linkedExisting: boolean }> {
      const linked = await oidcRepository.userOfIdentity(db, identity.issuer, identity.subject);
      if (linked) return { user: linked, linkedExisting: false };
      if (!identity.email) throw new SsoRefused('no_email');
      if (!identity.emailVerified) throw new SsoRefused('unverified');
      const existing = await authRepository.findUserByEmail(db, identity.email);
      // Whoever signed up first with an address is not proven to be its owner: SSO links only to an
      // account whose owner opened a link mailed to that address (issue 38). Otherwise the person is
      // told to sign in with that account's password and verify its email first.
      if (existing && !existing.emailVerifiedAt) throw new SsoRefused('unverified_account');
      if (existing) {
        await oidcRepository.linkIdentity(db, { issuer: identity.issuer, subject: identity.subject, userId: existing.id });
        return { user: existing, linkedExisting: true };
      }
      return { user: await createAccount(identity, identity.email), linkedExisting: false };
    },
  };
}

export type OidcAccountsService = ReturnType<typeof createOidcAccountsService>;
