import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordResetTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

export const passwordResetRepository = {
  async insert(db: Db, row: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
    await db.insert(passwordResetTokens).values(row);
  },

  /**
   * Locks the account's row until the transaction ends: requests for one account that arrive
   * together count and insert one after another, so the per-account limit holds (on every process).
   */
  async lockAccount(db: Db, userId: string) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  /** Reset links made for this account since `since`: the per-account rate limit. */
  async countSince(db: Db, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
    return row?.n ?? 0;
  },

  /**
   * Uses a link: one UPDATE that only an unused, unexpired link passes, so two clicks at once
   * cannot both reset. The account's id, or undefined for a forged, used or expired link.
   */
  async claim(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  },

  /** Every other link of the account stops working once one was used. */
  async spendAllOf(db: Db, userId: string, now: Date) {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};
