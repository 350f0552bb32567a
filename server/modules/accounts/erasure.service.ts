import { ERASE_NEEDS_PASSWORD, ERASE_NEEDS_SSO, type EraseAccountResponse } from '@contract/accounts';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { UserDataChanges } from '../auth/session-cache';
import { NO_PASSWORD } from '../auth/auth.service';
import { accountWrites } from '../auth/account-writes';
import { verifyPassword } from '../auth/passwords';
import { teamLibrary } from '../files/team-library';
import { eraseRows } from './erase-rows';
import { erasureRepository as repo } from './erasure.repository';

/** How the owner proved it is them: the password, or a fresh single sign-on (erase-proof.ts). */
export type ErasureConfirmation = { password: string } | { freshSso: true };

export interface ErasureServiceDeps {
  db: Db;
  store: ObjectStore;
  userDataChanges: UserDataChanges;
  onError: (error: unknown) => void;
}

/**
 * DELETE /api/user in two steps that can each run again:
 * 1. close: check the password and the sole-owner rule, mark the account `erasing`, end its
 *    sessions (one transaction). From here nothing new can be written for it.
 * 2. finish: delete every stored object (those its rows name, and anything under its key
 *    prefixes), then every row in one transaction. The team folders it made pass to their team's
 *    owner first: nothing another person uploaded goes with it. Deleting a missing object is no error, and a
 *    missing account is already erased, so a finish cut short by a crash is simply run again:
 *    on the next start (`resumePending`), or the next sweep.
 */
export function createErasureService(deps: ErasureServiceDeps) {
  const { db, store, userDataChanges } = deps;

  async function finish(userId: string): Promise<void> {
    const account = await repo.account(db, userId);
    if (!account) return; // Already erased.
    const keys = new Set(await repo.objectKeys(db, userId));
    for (const prefix of [`users/${userId}/`, `exports/${userId}/`]) {
      for await (const object of store.list(prefix)) keys.add(object.key);
    }
    // A file another person holds now (taken from the team library into their private one) keeps
    // its first uploader's key: its bytes are that person's, not part of this erasure.
    for (const key of await repo.keysHeldByOthers(db, userId)) keys.delete(key);
    for (const key of keys) await store.delete(key);
    for (const prefix of [`users/${userId}/`, `exports/${userId}/`]) await store.removeEmptyPrefix?.(prefix);
    await db.transaction(async (tx) => {
      // Team folders the person made belong to the team: they pass to its owner before the
      // account's rows go, so nobody else's files in them go along (folders.user_id cascades).
      await teamLibrary.handFoldersToOwners(tx, userId);
      await eraseRows(tx, account);
    });
    userDataChanges.changed();
  }

  return {
    async erase(userId: string, confirmation: ErasureConfirmation | null): Promise<EraseAccountResponse> {
      const account = await repo.account(db, userId);
      if (!account) throw notFound('Your account');
      if (!confirmation) {
        throw new AppError('invalid_input', account.passwordHash === NO_PASSWORD ? ERASE_NEEDS_SSO : ERASE_NEEDS_PASSWORD, 'password');
      }
      if ('password' in confirmation && !(await verifyPassword(account.passwordHash, confirmation.password))) {
        throw new AppError('forbidden', 'The password is incorrect.', 'password');
      }
      await db.transaction(async (tx) => {
        const seat = await repo.membership(tx, userId);
        if (seat) {
          // Under the team's lock: nobody joins between the check and the close.
          await repo.lockTeam(tx, seat.teamId);
          if (seat.role === 'owner' && (await repo.otherMembers(tx, seat.teamId, userId)) > 0) {
            throw new AppError(
              'conflict',
              'You own a team with other members. Transfer ownership on the Team page before you erase your account.',
            );
          }
        }
        // Closes the account: no session works from here on, and a restart knows to finish.
        await accountWrites.setStatus(tx, userId, 'erasing');
      });
      // Sessions are gone from the database; cached ones must go too.
      userDataChanges.changed();
      try {
        await finish(userId);
        return { status: 'erased' };
      } catch (error) {
        deps.onError(error);
        return { status: 'erasing' };
      }
    },

    finish,

    /** Finishes every erasure a crash or a store outage left half done; returns how many. */
    async resumePending() {
      let done = 0;
      for (const { id } of await repo.erasing(db)) {
        try {
          await finish(id);
          done++;
        } catch (error) {
          deps.onError(error);
        }
      }
      return done;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
