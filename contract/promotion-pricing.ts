import type { ActivePromotion } from './promotions';

/** The price after the best live discount for a plan, rounded to cents. */
export function discountedPrice(price: number, planId: string, promotions: ActivePromotion[]): number {
  const best = Math.max(
    0,
    ...promotions.filter((p) => p.discountPercent && (!p.plans || p.plans.includes(planId as never))).map((p) => p.discountPercent!),
  );
  return Math.round(price * (100 - best)) / 100;
}

/** The live promotion giving a plan its best discount, if any (its expiry is the offer's end). */
export function bestDiscountFor(planId: string, promotions: ActivePromotion[]): ActivePromotion | undefined {
  let best: ActivePromotion | undefined;
  for (const promotion of promotions) {
    if (!promotion.discountPercent) continue;
    if (promotion.plans && !promotion.plans.includes(planId as never)) continue;
    if (!best || promotion.discountPercent > best.discountPercent!) best = promotion;
  }
  return best;
}
