import type { CurrentUser, LoginBody, SignupBody } from '@contract/auth';
import type { TeamRef } from '@contract/teams';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { hashToken, newToken } from '../../lib/tokens';
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
  sessionId: string;
  /** The team's, read with the session (one query), so a plan check in the same request needs no other. */
  premiumUntil: Date | null;
  plan: string | null;
  /** The one team this account belongs to, and the role in it (a change is a UserDataChanges). */
  team: TeamRef;
}

export const toCurrentUser = (user: Pick<UserRow, 'id' | 'email' | 'username' | 'createdAt'>): CurrentUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  createdAt: user.createdAt.toISOString(),
});

const duplicateError = (field: 'email' | 'username') =>
  new AppError(
    'conflict',
    field === 'email' ? 'An account with this email already exists.' : 'This username is already taken.',
    field,
  );

export function createAuthService(deps: { db: Db; clock: Clock; userDataChanges: UserDataChanges }) {
  const { db, clock, userDataChanges } = deps;
  const sessionCache = new SessionCache<AuthenticatedUser>(userDataChanges);

  async function startSession(userId: string) {
    const token = newToken();
    await authRepository.insertSession(db, {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + SESSION_ABSOLUTE_MS),
    });
    return token;
  }

  return {
    async signup(body: SignupBody) {
      if (isCommonPassword(body.password)) {
        throw new AppError('invalid_input', 'This password is too common. Choose a less guessable one.', 'password');
      }
      const clashes = await authRepository.findUserByEmailOrUsername(db, body.email, body.username);
      if (clashes.some((row) => row.email === body.email)) throw duplicateError('email');
      if (clashes.some((row) => sameUsername(row.username, body.username))) throw duplicateError('username');
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        // Every account belongs to a team: a new one is the owner of its own, named after it.
        user = await db.transaction(async (tx) => {
          const created = await authRepository.insertUser(tx, { email: body.email, username: body.username, passwordHash });
          await teamAccounts.createTeamOf(tx, created.id, created.username);
          return created;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        throw duplicateError(constraint.includes('username') ? 'username' : 'email');
      }
      return { user: toCurrentUser(user), token: await startSession(user.id) };
    },

    async login(body: LoginBody) {
      const user = await authRepository.findUserByEmail(db, body.email);
      const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDecoy(body.password);
      if (!user || !valid) throw new AppError('invalid_credentials', 'The email or password is incorrect.');
      // Said only after the password proved who is asking, so it tells a stranger nothing.
      refuseInactive(user.status);
      return { user: toCurrentUser(user), token: await startSession(user.id) };
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
        sessionId: row.session.id,
        premiumUntil: row.team.premiumUntil,
        plan: row.team.plan,
        team: { id: row.team.id, name: row.team.name, role: row.team.role },
      };
      sessionCache.set(tokenHash, user, now.getTime(), readAt, row.session.expiresAt.getTime());
      return user;
    },

    async deleteExpiredSessions() {
      const now = clock.now();
      await authRepository.deleteExpiredSessions(db, now, new Date(now.getTime() - SESSION_IDLE_MS));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
