import type { AdminAnalytics, AdminDashboard } from '@contract/admin';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { adminStatsRepository as repo } from './admin-stats.repository';

const DAY_MS = 24 * 3600 * 1000;
/** SPEC §9: recent payments list 10 items; feature usage list 8 items. */
export const RECENT_PAYMENTS_LIMIT = 10;
export const FEATURE_USAGE_LIMIT = 8;
const WALLET_CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'LTC'] as const;

const dollars = (value: string | number) => Math.round(Number(value) * 100) / 100;

/** Configured wallet addresses only: an unset currency is not shown at all. */
export function businessAddressesOf(config: Config): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const currency of WALLET_CURRENCIES) {
    const value = config[`BUSINESS_WALLET_${currency}`];
    if (value) addresses[currency] = value;
  }
  return addresses;
}

export function createAdminStatsService(deps: { db: Db; clock: Clock; config: Config }) {
  const { db, clock, config } = deps;
  return {
    async dashboard(): Promise<AdminDashboard> {
      const now = clock.now();
      const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
      const [revenue, counts, userCounts, storage, recent] = await Promise.all([
        repo.revenue(db, { d1: ago(1), d7: ago(7), d30: ago(30) }),
        repo.paymentCounts(db),
        repo.userCounts(db, now, startOfDay),
        repo.storageByCategory(db),
        repo.recentPayments(db, RECENT_PAYMENTS_LIMIT),
      ]);
      const totalBytes = storage.reduce((sum, row) => sum + row.bytes, 0);
      return {
        revenueStats: { totalUSD: dollars(revenue.total), last24h: dollars(revenue.last24h), last7d: dollars(revenue.last7d), last30d: dollars(revenue.last30d) },
        userStats: { totalUsers: userCounts.total, premiumUsers: userCounts.premium, activeToday: userCounts.activeToday },
        totalPayments: counts.total,
        confirmedPayments: counts.confirmed,
        storageStats: {
          totalFiles: storage.reduce((sum, row) => sum + row.count, 0),
          totalSizeGB: Math.round((totalBytes / 1e9) * 1000) / 1000,
          usageByType: Object.fromEntries(storage.map((row) => [row.category, { count: row.count, bytes: row.bytes }])),
        },
        businessAddresses: businessAddressesOf(config),
        payments: recent.map((p) => ({
          id: p.id,
          user: p.user,
          cryptocurrency: p.cryptocurrency,
          amount: p.amount,
          amountUSD: p.amountUsd,
          status: p.status,
          txHash: p.txHash,
          createdAt: p.createdAt.toISOString(),
        })),
      };
    },

    async analytics(): Promise<AdminAnalytics> {
      const [byPersona, activeSessions, featureUsage] = await Promise.all([
        repo.interactionsByPersona(db),
        repo.liveSessions(db, clock.now()),
        repo.topFeatures(db, FEATURE_USAGE_LIMIT),
      ]);
      const sum = (pick: (row: (typeof byPersona)[number]) => number) => byPersona.reduce((total, row) => total + pick(row), 0);
      const total = sum((r) => r.count);
      return {
        overview: {
          totalInteractions: total,
          avgResponseTime: total === 0 ? 0 : Math.round(sum((r) => r.totalResponseMs) / total),
          successRate: total === 0 ? 0 : Math.round((sum((r) => r.succeeded) / total) * 1000) / 10,
          positiveFeedback: sum((r) => r.positive),
          negativeFeedback: sum((r) => r.negative),
        },
        activeSessions,
        characterUsage: byPersona.map((r) => ({ character: r.character, count: r.count, avgResponseTime: Math.round(r.totalResponseMs / r.count) })),
        featureUsage,
      };
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
