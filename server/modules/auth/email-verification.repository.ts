import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerificationTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

/** The only writer of email_verification_tokens. */
export const emailVerificationRepository = {
  /** Serialises the count-then-insert of one account's links (the users row lock). */
  async lockAccount(db: Db, userId: string) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  async countSince(db: Db, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, since)));
    return row?.n ?? 0;
  },

  async insert(db: Db, row: { userId: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
    await db.insert(emailVerificationTokens).values(row);
  },

  /** Uses up a live link: of two uses at once, only one gets the row back. */
  async claim(db: Db, tokenHash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
    const [row] = await db
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    return row;
  },
};
