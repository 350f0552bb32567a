import type { ChangePasswordBody, CurrentUser, LoginBody, SessionInfo, SignupBody } from '@contract/auth';
import type { TeamRef } from '@contract/teams';
import { isLanguage, type Language } from '@contract/languages';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { hashToken, newToken } from '../../lib/tokens';
import { recordTeamEvent } from '../admin/audit-log';
import { teamAccounts } from '../teams/team-accounts';
import { authRepository } from './auth.repository';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { SessionCache, type UserDataChanges } from './session-cache';
import { sameUsername } from './username-match';
import { refuseInactive } from './account-status';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_IDLE_MS = 14 * 24 * 3600 * 1000;
// Last-seen is written at most this often per session, so reads stay reads.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface AuthenticatedUser {
  id: string;
  email: string;
  username: string;
  createdAt: Date;
  /** users.email_verified_at is set: single sign-on may link to this account. */
  emailVerified: boolean;
  /** users.language: the account's chosen language, or null (issue 44). */
  language: Language | null;
  sessionId: string;
  /** The team's, read with the session (one query), so a plan check in the same request needs no other. */
  premiumUntil: Date | null;
  plan: string | null;
  /** The one team this account belongs to, and the role in it (a change is a UserDataChanges). */
  team: TeamRef;
}

/** Where a session was started from, shown on the Security tab so a user can tell sessions apart. */
export interface SessionOrigin {
  userAgent: string | undefined;
  ipAddress: string | undefined;
}

/** How a sign-in proved who it is, as the team audit says it. */
export type SignInMethod = 'password' | 'single sign-on' | 'directory';

/** A password of an account made by single sign-on, which has none: nothing verifies against it. */
export const NO_PASSWORD = '';

export const toCurrentUser = (
  user: Pick<AuthenticatedUser, 'id' | 'email' | 'username' | 'createdAt' | 'emailVerified'> & { language: string | null },
): CurrentUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  createdAt: user.createdAt.toISOString(),
  emailVerified: user.emailVerified,
  // A stored value no longer offered reads as none: the browser's language then.
  language: isLanguage(user.language) ? user.language : null,
});
const fromRow = (user: UserRow) => toCurrentUser({ ...user, emailVerified: user.emailVerifiedAt !== null });

const duplicateError = (field: 'email' | 'username') =>
  new AppError(
    'conflict',
    field === 'email' ? 'An account with this email already exists.' : 'This username is already taken.',
    field,
  );

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  userDataChanges: UserDataChanges;
  /**
   * Sign-up through an invitation: puts the new account (inside sign-up's transaction) into the
   * invitation's team, or throws when the link is no longer valid or the team is full. The teams
   * service owns that rule; without it, an invitation in a sign-up is refused.
   */
  joinTeam?: (tx: Db, userId: string, invitationToken: string) => Promise<void>;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, userDataChanges } = deps;
  const sessionCache = new SessionCache<AuthenticatedUser>(userDataChanges);

  /** The session's user read from the database (one read per token at a time: SessionCache.readOnce). */
  async function readSession(tokenHash: string, now: Date): Promise<AuthenticatedUser | null> {
    const readAt = userDataChanges.generation;
    const row = await authRepository.findLiveSession(db, tokenHash, now);
    if (!row) return null;
    const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
    if (idleFor > SESSION_IDLE_MS) {
      await authRepository.deleteSessionById(db, row.session.id);
      return null;
    }
    if (idleFor > TOUCH_INTERVAL_MS) await authRepository.touchSession(db, row.session.id, row.user.id, now);
    const user: AuthenticatedUser = {
      id: row.user.id,
      email: row.user.email,
      username: row.user.username,
      createdAt: row.user.createdAt,
      emailVerified: row.user.emailVerifiedAt !== null,
      language: isLanguage(row.user.language) ? row.user.language : null,
      sessionId: row.session.id,
      premiumUntil: row.team.premiumUntil,
      plan: row.team.plan,
      team: { id: row.team.id, name: row.team.name, role: row.team.role },
    };
    sessionCache.set(tokenHash, user, now.getTime(), readAt, row.session.expiresAt.getTime());
    return user;
  }

  /**
   * A new session. `signIn` says how the person proved who they are; a sign-in (not a sign-up's
   * first session) is an event of their team's audit (issue 43).
   */
  async function startSession(userId: string, origin: SessionOrigin, signIn?: SignInMethod) {
    const token = newToken();
    const now = clock.now();
    await authRepository.insertSession(db, {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      ipAddress: origin.ipAddress?.slice(0, 64) ?? null,
    });
    if (signIn) await recordTeamEvent(db, { action: 'signed_in', actorUserId: userId, details: { method: signIn }, at: now });
    return token;
  }

  /**
   * Ends sessions in the database, then drops this process's cached ones at once (other processes
   * within the session cache's two seconds).
   */
  async function endSessions(userId: string, exceptSessionId?: string) {
    const ended = await authRepository.deleteSessionsOf(db, userId, exceptSessionId);
    userDataChanges.changed();
    return ended;
  }

  /** The hash of a chosen new password, once it passes the common-password check. */
  async function hashNewPassword(newPassword: string) {
    if (isCommonPassword(newPassword)) {
      throw new AppError('invalid_input', 'This password is too common. Choose a less guessable one.', 'newPassword');
    }
    return hashPassword(newPassword);
  }

  return {
    startSession,
    endSessions,

    async signup(body: SignupBody, origin: SessionOrigin) {
      if (isCommonPassword(body.password)) {
        throw new AppError('invalid_input', 'This password is too common. Choose a less guessable one.', 'password');
      }
      const clashes = await authRepository.findUserByEmailOrUsername(db, body.email, body.username);
      if (clashes.some((row) => row.email === body.email)) throw duplicateError('email');
      if (clashes.some((row) => sameUsername(row.username, body.username))) throw duplicateError('username');
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        // Every account belongs to a team: a new one is the owner of its own, named after it,
        // unless it signs up through an invitation and joins that team instead.
        user = await db.transaction(async (tx) => {
          const created = await authRepository.insertUser(tx, { email: body.email, username: body.username, passwordHash });
          if (body.invitation === undefined) await teamAccounts.createTeamOf(tx, created.id, created.username);
          else if (deps.joinTeam) await deps.joinTeam(tx, created.id, body.invitation);
          else throw new AppError('invalid_input', 'Invitations are not accepted here.', 'invitation');
          return created;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        throw duplicateError(constraint.includes('username') ? 'username' : 'email');
      }
      return { user: fromRow(user), token: await startSession(user.id, origin) };
    },

    async login(body: LoginBody, origin: SessionOrigin) {
      const user = await authRepository.findUserByEmail(db, body.email);
      // An SSO account without a password costs the same work as a missing one: timing tells neither apart.
      const hasPassword = user !== undefined && user.passwordHash !== NO_PASSWORD;
      const valid = hasPassword ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDecoy(body.password);
      if (!user || !valid) throw new AppError('invalid_credentials', 'The email or password is incorrect.');
      // Said only after the password proved who is asking, so it tells a stranger nothing.
      refuseInactive(user.status);
      return { user: fromRow(user), token: await startSession(user.id, origin, 'password') };
    },

    async hasPassword(userId: string): Promise<boolean> {
      const row = await authRepository.findUserById(db, userId);
      return row !== undefined && row.passwordHash !== NO_PASSWORD;
    },

    /** A new password after the current one is proven; every other session of the account ends. */
    async changePassword(user: AuthenticatedUser, body: ChangePasswordBody) {
      const row = await authRepository.findUserById(db, user.id);
      const valid = row && row.passwordHash !== NO_PASSWORD ? await verifyPassword(row.passwordHash, body.currentPassword) : await verifyAgainstDecoy(body.currentPassword);
      if (!valid) throw new AppError('invalid_input', 'Your current password is incorrect.', 'currentPassword');
      const passwordHash = await hashNewPassword(body.newPassword);
      await authRepository.setPasswordHash(db, user.id, passwordHash);
      return { signedOut: await endSessions(user.id, user.sessionId) };
    },

    hashNewPassword,

    /** Sets an account's password hash (inside the caller's transaction) and ends all its sessions. */
    async replacePassword(tx: Db, userId: string, passwordHash: string) {
      await authRepository.setPasswordHash(tx, userId, passwordHash);
      await authRepository.deleteSessionsOf(tx, userId);
    },

    /** Call after replacePassword's transaction committed: this process forgets the ended sessions now. */
    sessionsEnded() {
      userDataChanges.changed();
    },

    async sessions(user: AuthenticatedUser): Promise<SessionInfo[]> {
      const rows = await authRepository.sessionsOf(db, user.id, clock.now());
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        current: row.id === user.sessionId,
      }));
    },

    /** Ends one of the user's sessions; another user's id (or none) is a 404, as if it did not exist. */
    async revokeSession(user: AuthenticatedUser, sessionId: string) {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!uuid.test(sessionId) || !(await authRepository.deleteSessionOf(db, user.id, sessionId))) {
        throw new AppError('not_found', 'That session was not found.');
      }
      userDataChanges.changed();
      return { current: sessionId === user.sessionId };
    },

    async logout(token: string | undefined) {
      if (!token) return;
      const tokenHash = hashToken(token);
      sessionCache.delete(tokenHash);
      await authRepository.deleteSession(db, tokenHash);
      // A lookup of this token that read the row before the delete must not cache it afterwards.
      userDataChanges.changed();
    },

    /** The signed-in user for a cookie token, or null; ends sessions idle for too long. */
    async resolveSession(token: string): Promise<AuthenticatedUser | null> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const cached = sessionCache.get(tokenHash, now.getTime());
      if (cached) return cached;
      return sessionCache.readOnce(tokenHash, () => readSession(tokenHash, now));
    },

    async deleteExpiredSessions() {
      const now = clock.now();
      await authRepository.deleteExpiredSessions(db, now, new Date(now.getTime() - SESSION_IDLE_MS));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
