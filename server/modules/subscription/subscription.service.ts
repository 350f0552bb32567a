import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';

export interface Subscription {
  isPremium: boolean;
  /** When the premium period ends; null while Free, so an expired period reads as plain Free. */
  expiresAt: string | null;
  plan: string | null;
}

/**
 * Premium while a confirmed payment or an admin grant covers now (both move
 * users.premium_until forward); expiry needs no job: the next read after it is Free.
 */
export function subscriptionOf(user: { premiumUntil: Date | null; plan: string | null }, now: Date): Subscription {
  const isPremium = user.premiumUntil !== null && user.premiumUntil.getTime() > now.getTime();
  return {
    isPremium,
    expiresAt: isPremium ? user.premiumUntil!.toISOString() : null,
    plan: isPremium ? user.plan : null,
  };
}

export async function findSubscription(db: Db, userId: string, now: Date): Promise<Subscription> {
  const [row] = await db
    .select({ premiumUntil: users.premiumUntil, plan: users.plan })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return subscriptionOf(row ?? { premiumUntil: null, plan: null }, now);
}
