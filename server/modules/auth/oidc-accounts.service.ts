import type { OidcIdentity } from '../../adapters/oidc/oidc-client';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import { authRepository } from './auth.repository';
import { oidcRepository } from './oidc.repository';
import { createLinkedAccount, NoFreeSeat } from './sso-account';

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

/**
 * Finds or makes the account for a provider's identity: the linked one first, then the account
 * with the same email when BOTH sides verified it (the provider's email_verified, and Genie's own
 * mailed link: either unverified address could be anyone's and would hand the account over), else
 * a new account without a password, verified, in a team of its own or its domain's team.
 */
export function createOidcAccountsService(deps: OidcAccountsDeps) {
  const { db, clock } = deps;

  async function createAccount(identity: OidcIdentity, email: string): Promise<UserRow> {
    try {
      return await createLinkedAccount(
        { db, clock, enterpriseSeats: deps.enterpriseSeats },
        { issuer: identity.issuer, subject: identity.subject },
        email,
        deps.teamByEmailDomain,
      );
    } catch (error) {
      if (error instanceof NoFreeSeat) throw new SsoRefused('seats');
      throw error;
    }
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
