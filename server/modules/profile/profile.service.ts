import { PLATFORM_FEE_RATE } from '@contract/limits';
import {
  DEFAULT_FAVORITE_FEATURE,
  type ChosenPersona,
  STORAGE_CATEGORIES,
  type StorageCategory,
  type UpdateProfileBody,
  type UserMetrics,
  type UserProfile,
  type UserSubscription,
} from '@contract/profile';
import { PERSONA_IDS, type PersonaId } from '@contract/personas';
import type { Language, LanguageBody } from '@contract/languages';
import type { TeamRef } from '@contract/teams';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { accountWrites } from '../auth/account-writes';
import type { UserDataChanges } from '../auth/session-cache';
import { sameUsername } from '../auth/username-match';
import type { StorageUsage } from '../files/storage-usage';
import { subscriptionOf } from '../subscription/subscription.service';
import { featureDisplayName } from './feature-names';
import { profileRepository, type ProfileUserRow } from './profile.repository';
import { addUtcDays, startOfUtcDay, startOfUtcMonth, utcDaysBetween, utcDateKey } from './utc-calendar';

const duplicateError = (field: 'email' | 'username') =>
  new AppError(
    'conflict',
    field === 'email' ? 'An account with this email already exists.' : 'This username is already taken.',
    field,
  );

const toProfile = (row: ProfileUserRow, now: Date): UserProfile => ({
  username: row.username,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  lastActive: row.lastActiveAt.toISOString(),
  subscription: subscriptionOf(row, now),
});

export interface ProfileServiceDeps {
  db: Db;
  clock: Clock;
  /** The user's storage as the files module counts and limits it (config STORAGE_LIMIT_BYTES). */
  storage: Pick<StorageUsage, 'status' | 'byCategory'>;
  /** Told of an email or username change, so no cached session shows the old one. */
  userDataChanges: UserDataChanges;
}

export function createProfileService(deps: ProfileServiceDeps) {
  const { db, clock } = deps;

  async function userRow(userId: string) {
    const row = await profileRepository.findUser(db, userId);
    // The session was live a moment ago; a row gone since means the account was deleted.
    if (!row) throw notFound('Your account');
    return row;
  }

  /** A streak counts while its last question was today or yesterday (UTC). */
  async function streakDays(userId: string, now: Date, end: Date) {
    const run = await profileRepository.latestQuestionRun(db, userId, end);
    if (!run.lastDay) return 0;
    const yesterday = utcDateKey(addUtcDays(startOfUtcDay(now), -1));
    return run.lastDay >= yesterday ? run.length : 0;
  }

  return {
    // Last active needs no write here: resolving the session already stamps
    // users.last_active_at at most every 5 minutes while the user works.
    async profile(userId: string): Promise<UserProfile> {
      return toProfile(await userRow(userId), clock.now());
    },

    /** The team's, from what the session lookup already read: no query of its own. */
    subscription(user: { premiumUntil: Date | null; plan: string | null; team: TeamRef }): UserSubscription {
      return { ...subscriptionOf(user, clock.now()), team: user.team };
    },

    /** Same rules as sign-up; the unique constraints settle a race the pre-check loses. */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<UserProfile> {
      const clashes = await profileRepository.findClashes(db, userId, body.email, body.username);
      if (clashes.some((row) => row.email === body.email)) throw duplicateError('email');
      if (clashes.some((row) => sameUsername(row.username, body.username))) throw duplicateError('username');
      try {
        await accountWrites.setEmailAndUsername(db, userId, { email: body.email, username: body.username });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        throw duplicateError(constraint.includes('username') ? 'username' : 'email');
      }
      deps.userDataChanges.changed();
      return toProfile(await userRow(userId), clock.now());
    },

    /** The carousel's choice kept on the account (a stale value reads as none). */
    async chosenPersona(userId: string): Promise<ChosenPersona> {
      const stored = await profileRepository.chosenPersona(db, userId);
      return { persona: stored !== null && (PERSONA_IDS as readonly string[]).includes(stored) ? (stored as PersonaId) : null };
    },

    async setChosenPersona(userId: string, persona: PersonaId): Promise<ChosenPersona> {
      await accountWrites.setChosenPersona(db, userId, persona);
      return { persona };
    },

    /** The account's language (issue 44): the session's user carries it, so its cache is told. */
    async setLanguage(userId: string, language: Language): Promise<LanguageBody> {
      await accountWrites.setLanguage(db, userId, language);
      deps.userDataChanges.changed();
      return { language };
    },

    async metrics(userId: string): Promise<UserMetrics> {
      const now = clock.now();
      // Activity stamped after the clock's today (clock skew, tests) is not counted yet.
      const end = addUtcDays(startOfUtcDay(now), 1);
      const user = await userRow(userId);
      const [questions, streak, talk, spending, feature, storage, usage] = await Promise.all([
        profileRepository.questionCounts(db, userId, startOfUtcMonth(now), end),
        streakDays(userId, now, end),
        profileRepository.conversationCounts(db, userId),
        profileRepository.confirmedPayments(db, userId, PLATFORM_FEE_RATE),
        profileRepository.mostUsedFeature(db, userId),
        deps.storage.byCategory(userId),
        deps.storage.status(userId),
      ]);

      const byCategory = new Map<StorageCategory, { files: number; bytes: number }>();
      for (const row of storage) {
        // A category this build does not know is still the user's storage: count it as other.
        const category = (STORAGE_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as StorageCategory) : 'other';
        const current = byCategory.get(category) ?? { files: 0, bytes: 0 };
        byCategory.set(category, { files: current.files + row.files, bytes: current.bytes + Number(row.bytes) });
      }
      const storageBreakdown = STORAGE_CATEGORIES.map((category) => ({ category, ...(byCategory.get(category) ?? { files: 0, bytes: 0 }) }));

      return {
        totalQuestions: questions.total,
        questionsThisMonth: questions.thisMonth,
        totalSpent: Number(spending.spent),
        platformFees: Number(spending.fees),
        streakDays: streak,
        joinedDaysAgo: Math.max(0, utcDaysBetween(user.createdAt, now)),
        favoriteFeature: feature ? featureDisplayName(feature) : DEFAULT_FAVORITE_FEATURE,
        totalConversations: talk.conversations,
        averageConversationLength: talk.conversations === 0 ? 0 : Math.round((talk.messages / talk.conversations) * 10) / 10,
        cryptoTransactions: spending.transactions,
        // "Used" and "limit" are what GET /api/storage says and uploads are judged by: the team's
        // library and every member's private files against STORAGE_LIMIT_BYTES per member (issue 42:
        // this page counted the user's own files against one seat's limit). The breakdown below is
        // the user's own files.
        storageUsed: usage.usedBytes,
        storageLimit: usage.limitBytes,
        storageBreakdown,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
