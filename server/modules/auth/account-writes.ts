import type { AccountStatus } from '@contract/accounts';
import type { Db } from '../../db/database';
import { authRepository } from './auth.repository';

/**
 * What other modules change on an account (users and sessions are this module's tables:
 * docs/decisions.md, "Data: one writer per table"): the admin's suspension, the profile's edits,
 * the erasure. Each takes the caller's `db`, a transaction where the caller needs one (the erasure's
 * rows go in one); the SQL stays in auth.repository.ts.
 */
export const accountWrites = {
  /** Any status but active ends the account's sessions now, not when they expire. */
  async setStatus(db: Db, userId: string, status: AccountStatus) {
    await authRepository.setStatus(db, userId, status);
    if (status !== 'active') await authRepository.deleteSessionsOf(db, userId);
  },

  /** A changed address loses its verification (a link mailed to the new one proves it again). */
  setEmailAndUsername: (db: Db, userId: string, values: { email: string; username: string }) => authRepository.setEmailAndUsername(db, userId, values),

  setChosenPersona: (db: Db, userId: string, persona: string) => authRepository.setChosenPersona(db, userId, persona),

  setLanguage: (db: Db, userId: string, language: string) => authRepository.setLanguage(db, userId, language),

  deleteUser: (db: Db, userId: string) => authRepository.deleteUser(db, userId),
};
