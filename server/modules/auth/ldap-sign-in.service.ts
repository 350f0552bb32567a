import { emailSchema, type LdapLoginBody } from '@contract/auth';
import type { DirectoryPerson, LdapDirectory } from '../../adapters/ldap/ldap-directory';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { teamAccounts } from '../teams/team-accounts';
import { refuseInactive } from './account-status';
import { authRepository } from './auth.repository';
import type { SessionOrigin } from './auth.service';
import { oidcRepository } from './oidc.repository';
import type { UserDataChanges } from './session-cache';
import { createLinkedAccount, NoFreeSeat } from './sso-account';

/** user_identities.issuer of directory links; the subject is the entry's stable id (ldap-directory.ts). */
export const LDAP_ISSUER = 'ldap';

/** The very sentence a wrong password gets at POST /api/auth/login. */
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const DIRECTORY_UNAVAILABLE = 'The company directory cannot be reached right now. Please try again in a moment.';
export const DIRECTORY_ACCOUNT_DISABLED = 'Your company account is disabled in the directory. Ask your administrator if you need access.';
export const DIRECTORY_NO_EMAIL = 'Your company account has no usable email address in the directory, which Genie needs. Ask your administrator to add one.';
export const DIRECTORY_UNVERIFIED_ACCOUNT =
  'A Genie account with your email already exists, and its email has not been verified. Sign in to it with its password and verify its email (the banner on your profile resends the link); then signing in with your company account works.';
export const DIRECTORY_NO_SEAT = 'Your organisation’s Genie team has no free seat. Ask its owner to upgrade the plan or free a seat.';

export interface LdapSignInDeps {
  db: Db;
  clock: Clock;
  directory: LdapDirectory;
  userDataChanges: UserDataChanges;
  enterpriseSeats: number | undefined;
  /** LDAP_GROUP_ROLE: the team role of LDAP_ADMIN_GROUP_DN's members (others get `member`). */
  groupRole: 'admin' | 'member';
  sessions: {
    startSession(userId: string, origin: SessionOrigin, signIn?: 'directory'): Promise<string>;
    endSessions(userId: string): Promise<number>;
  };
}

/**
 * Sign-in with the company directory's password (README "LDAP"): the directory proves who it is,
 * then the account is found by the entry's link, else by a verified email, else made (verified,
 * no password, in its email domain's team). The group → role mapping is applied each time.
 */
export function createLdapSignInService(deps: LdapSignInDeps) {
  const { db, clock } = deps;

  async function accountFor(person: DirectoryPerson): Promise<{ user: UserRow; linkedExisting: boolean }> {
    const linked = await oidcRepository.userOfIdentity(db, LDAP_ISSUER, person.id);
    if (linked) return { user: linked, linkedExisting: false };
    const email = emailSchema.safeParse(person.email ?? '');
    if (!email.success) throw new AppError('forbidden', DIRECTORY_NO_EMAIL);
    const existing = await authRepository.findUserByEmail(db, email.data);
    // The directory vouches for its own people's addresses, but whoever signed up first with one
    // is not proven to be its owner: only an account whose owner opened a mailed link is linked.
    if (existing && !existing.emailVerifiedAt) throw new AppError('forbidden', DIRECTORY_UNVERIFIED_ACCOUNT);
    if (existing) {
      await oidcRepository.linkIdentity(db, { issuer: LDAP_ISSUER, subject: person.id, userId: existing.id });
      return { user: existing, linkedExisting: true };
    }
    try {
      const user = await createLinkedAccount({ db, clock, enterpriseSeats: deps.enterpriseSeats }, { issuer: LDAP_ISSUER, subject: person.id }, email.data, true);
      return { user, linkedExisting: false };
    } catch (error) {
      if (error instanceof NoFreeSeat) throw new AppError('seat_limit', DIRECTORY_NO_SEAT);
      throw error;
    }
  }

  /**
   * LDAP_ADMIN_GROUP_DN's members get LDAP_GROUP_ROLE, everyone else `member`: only in their email
   * domain's team (the one directory accounts join), and never the owner (a team keeps its one owner).
   */
  async function applyGroupRole(user: UserRow, person: DirectoryPerson) {
    if (person.inRoleGroup === undefined) return;
    const domainTeam = await oidcRepository.teamOfDomain(db, user.email.split('@')[1]!);
    const membership = await teamAccounts.membershipOf(db, user.id);
    if (!membership || membership.teamId !== domainTeam || membership.role === 'owner') return;
    const role = person.inRoleGroup ? deps.groupRole : 'member';
    if (membership.role === role) return;
    await teamAccounts.setRole(db, membership.teamId, user.id, role);
    deps.userDataChanges.changed();
  }

  return {
    /** Throws DirectoryUnavailable when the directory cannot be asked (the route answers 503). */
    async signIn(body: LdapLoginBody, origin: SessionOrigin) {
      const result = await deps.directory.signIn(body.username, body.password);
      if (result.outcome === 'wrong_credentials') throw new AppError('invalid_credentials', WRONG_CREDENTIALS);
      if (result.outcome === 'disabled') throw new AppError('forbidden', DIRECTORY_ACCOUNT_DISABLED);
      const { user, linkedExisting } = await accountFor(result.person);
      refuseInactive(user.status);
      await applyGroupRole(user, result.person);
      // The directory's person now holds this account: its earlier sessions end, once, at the link.
      if (linkedExisting) await deps.sessions.endSessions(user.id);
      return { user, token: await deps.sessions.startSession(user.id, origin, 'directory') };
    },
  };
}

export type LdapSignInService = ReturnType<typeof createLdapSignInService>;
