import { useEffect, useState } from 'react';
import type { ActivePromotion } from '@contract/promotions';
import { useActivePromotions } from '../api/get-active-promotions';

const NONE: ActivePromotion[] = [];

/**
 * The promotions live right now. Each one disappears at its expiry without a reload, so a price
 * or banner is never shown after the offer has ended.
 */
export function useLivePromotions(): ActivePromotion[] {
  const { data } = useActivePromotions();
  const promotions = data?.promotions ?? NONE;
  const [now, setNow] = useState(() => Date.now());
  const live = promotions.filter((p) => Date.parse(p.expiresAt) > now);
  const nextExpiry = Math.min(...live.map((p) => Date.parse(p.expiresAt)));
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    // setTimeout takes at most a 32-bit delay (~24.8 days); re-check then if the offer lasts longer.
    const delay = Math.min(nextExpiry - Date.now() + 50, 2 ** 31 - 1);
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, delay));
    return () => window.clearTimeout(timer);
  }, [nextExpiry]);
  return live;
}
