import { PROMOTION_CATALOGUE, SCHEME_DURATION_DAYS, SCHEMES, TOP_USERS_PREMIUM_DAYS, TOP_USERS_REWARDED, type AdminPromo, type DeployPromotionResponse, type PauseAllResponse, type PromosResponse, type SchemesResponse } from '@contract/admin';
import { plural } from '@contract/format';
import type { ActivePromotion, PromotionAction } from '@contract/promotions';
import type { PlanId } from '@contract/plan-catalogue';
import type { Db } from '../../db/database';
import type { PromoRow } from '../../db/schema/commerce';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserDataChanges } from '../auth/session-cache';
import { teamAccounts } from '../teams/team-accounts';
import { promotionsRepository as repo, type PromoDetails } from './promotions.repository';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RECENT_PROMOS = 20;
const RECENT_NOTIFICATIONS = 20;

const detailsOf = (row: PromoRow) => (row.details ?? {}) as unknown as PromoDetails;

function toActivePromotion(row: PromoRow): ActivePromotion {
  const details = detailsOf(row);
  return {
    id: row.id,
    action: row.action as PromotionAction,
    name: row.name,
    headline: details.headline,
    ...(details.discountPercent ? { discountPercent: details.discountPercent, plans: details.plans as PlanId[] } : {}),
    ...(details.unlocksLegalMode ? { unlocksLegalMode: true } : {}),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function createPromotionsService(deps: { db: Db; clock: Clock; userDataChanges: UserDataChanges }) {
  const { db, clock, userDataChanges } = deps;

  async function endExpired() {
    const now = clock.now();
    const ended = [...(await repo.endExpiredPromos(db, now)), ...(await repo.endExpiredSchemes(db, now))];
    for (const { name } of ended) await repo.insertNotification(db, `${name} ended at its expiry.`, now);
    return ended.length;
  }

  return {
    /** What users see: live promotions only, each exactly as the server applies it. */
    async active(): Promise<ActivePromotion[]> {
      return (await repo.livePromos(db, clock.now())).map(toActivePromotion);
    },

    /** Whether Legal mode is open to every signed-in user right now. */
    async legalModeOpen(): Promise<boolean> {
      return (await repo.findLivePromo(db, 'activate_free_tier', clock.now())) !== undefined;
    },

    async deployPromotion(action: PromotionAction): Promise<DeployPromotionResponse> {
      const definition = PROMOTION_CATALOGUE[action];
      const now = clock.now();
      const live = await repo.findLivePromo(db, action, now);
      if (live) {
        return { success: false, campaignName: definition.name, message: `${definition.name} is already live until ${live.expiresAt.toISOString()}.` };
      }
      const details: PromoDetails = { headline: definition.headline };
      if (definition.discountPercent) {
        details.discountPercent = definition.discountPercent;
        details.plans = definition.plans;
      }
      if (definition.unlocksLegalMode) details.unlocksLegalMode = true;
      if (action === 'highlight_top_users') {
        const top = await repo.mostActiveUsers(db, new Date(now.getTime() - 30 * DAY_MS), TOP_USERS_REWARDED);
        if (top.length === 0) {
          return { success: false, campaignName: definition.name, message: 'No member has used Genie in the last 30 days yet, so there is nobody to reward.' };
        }
        await teamAccounts.extendPremiumOfUsers(db, top, now, TOP_USERS_PREMIUM_DAYS);
        userDataChanges.changed();
        details.rewardedUsers = top.length;
      }
      const expiresAt = new Date(now.getTime() + definition.durationHours * HOUR_MS);
      await repo.insertPromo(db, { action, name: definition.name, details, startsAt: now, expiresAt });
      const rewarded = details.rewardedUsers ? ` ${details.rewardedUsers} members received ${TOP_USERS_PREMIUM_DAYS} days of Premium.` : '';
      await repo.insertNotification(db, `${definition.name} deployed: ${definition.effect}${rewarded} Ends ${expiresAt.toISOString()}.`, now);
      return { success: true, campaignName: definition.name, message: `${definition.name} is live until ${expiresAt.toISOString()}.${rewarded}` };
    },

    async deployScheme(name: string): Promise<{ message: string }> {
      const entry = Object.entries(SCHEMES).find(([, list]) => list.some((s) => s.name === name));
      if (!entry) throw new AppError('invalid_input', 'Choose one of the listed schemes.', 'scheme');
      const now = clock.now();
      const live = await repo.findLiveScheme(db, name, now);
      if (live) throw new AppError('conflict', `${name} is already active until ${live.expiresAt!.toISOString()}.`, 'scheme');
      const expiresAt = new Date(now.getTime() + SCHEME_DURATION_DAYS * DAY_MS);
      await repo.insertScheme(db, { name, category: entry[0], deployedAt: now, expiresAt });
      await repo.insertNotification(db, `${name} campaign started; tracked until ${expiresAt.toISOString()}.`, now);
      return { message: `${name} is now tracked as an active campaign until ${expiresAt.toISOString()}.` };
    },

    async schemes(isRunning: boolean): Promise<SchemesResponse> {
      const live = await repo.liveSchemes(db, clock.now());
      return {
        schemes: { pricing: [...SCHEMES.pricing], retail: [...SCHEMES.retail], psychology: [...SCHEMES.psychology] },
        active: live.map((s) => s.name),
        cleanupService: { isRunning },
      };
    },

    async promos(): Promise<PromosResponse> {
      const now = clock.now();
      const [recent, notes, livePromos, liveSchemes] = await Promise.all([
        repo.recentPromos(db, RECENT_PROMOS),
        repo.recentNotifications(db, RECENT_NOTIFICATIONS),
        repo.livePromos(db, now),
        repo.liveSchemes(db, now),
      ]);
      const starts = [...livePromos.map((p) => p.startsAt), ...liveSchemes.map((s) => s.deployedAt)].map((d) => d.getTime());
      const revenueUSD = starts.length ? await repo.confirmedRevenueSince(db, new Date(Math.min(...starts))) : 0;
      const promos: AdminPromo[] = recent.map((row) => {
        const active = toActivePromotion(row);
        return {
          id: row.id,
          action: active.action,
          name: row.name,
          headline: active.headline,
          ...(active.discountPercent ? { discountPercent: active.discountPercent, plans: active.plans } : {}),
          startsAt: row.startsAt.toISOString(),
          expires: row.expiresAt.toISOString(),
          active: row.active && row.expiresAt.getTime() > now.getTime(),
        };
      });
      return {
        promos,
        notifications: notes.map((n) => ({ message: n.message, createdAt: n.createdAt.toISOString() })),
        performance: { activeCampaigns: livePromos.length + liveSchemes.length, revenueUSD: Math.round(revenueUSD * 100) / 100 },
      };
    },

    /** Ends every live promotion and scheme now. Premium days already granted stay granted. */
    async pauseAll(): Promise<PauseAllResponse> {
      const now = clock.now();
      const ended = [...(await repo.endLivePromos(db, now)), ...(await repo.endLiveSchemes(db, now))];
      if (ended.length) await repo.insertNotification(db, `Paused ${plural(ended.length, 'campaign')}: ${ended.map((e) => e.name).join(', ')}.`, now);
      return { paused: ended.length, message: ended.length ? `Paused ${plural(ended.length, 'campaign')}.` : 'No campaign was running.' };
    },

    endExpired,
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

/** Ends expired promotions and schemes every minute; /api/admin/schemes reports whether it runs. */
export function createCleanupService(service: PromotionsService, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}) {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    get isRunning() {
      return timer !== undefined;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        service.endExpired().catch((error: unknown) => options.onError?.(error));
      }, options.intervalMs ?? 60_000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type CleanupService = ReturnType<typeof createCleanupService>;
