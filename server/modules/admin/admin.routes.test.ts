import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureEvents, interactions } from '../../db/schema/chat';
import { payments } from '../../db/schema/commerce';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import { ManualClock } from '../../lib/clock';
import { signUp, type TestApp } from '../../../tests/support/test-app';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { setTeamPlan } from '../../../tests/support/teams';

const NOW = new Date('2026-06-15T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600 * 1000);

describe('admin dashboard and analytics from the real tables', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let ids: string[];
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    t = await createAdminTestApp({
      clock,
      env: { BUSINESS_WALLET_BTC: 'bc1qexamplebtcaddress', BUSINESS_WALLET_USDT: 'TExampleUsdtAddress', BUSINESS_WALLET_ETH: '' },
    });
    headers = await adminHeaders(t.app);
    const created = await Promise.all([0, 1, 2, 3].map(() => signUp(t.app)));
    ids = created.map((c) => c.user.id);
    const db = t.database.db;
    // Two active today (UTC), one yesterday, one a week ago; one premium, one whose premium ended.
    await db.update(users).set({ lastActiveAt: hoursAgo(1) }).where(inArray(users.id, [ids[0]!, ids[1]!]));
    await db.update(users).set({ lastActiveAt: hoursAgo(13) }).where(eq(users.id, ids[2]!));
    await db.update(users).set({ lastActiveAt: hoursAgo(24 * 7) }).where(eq(users.id, ids[3]!));
    await setTeamPlan(db, ids[0]!, { premiumUntil: hoursAgo(-240), plan: 'pro' });
    await setTeamPlan(db, ids[1]!, { premiumUntil: hoursAgo(1), plan: 'starter' });

    const payment = (n: number, status: string, usd: string, at: Date) => ({
      userId: ids[n % 4]!, cryptocurrency: 'BTC', amount: '0.00123456', amountUsd: usd, status, txHash: `tx-${n}`, createdAt: at, updatedAt: at,
    });
    await db.insert(payments).values([
      payment(1, 'confirmed', '49.00', hoursAgo(2)),
      payment(2, 'confirmed', '199.00', hoursAgo(24 * 3)),
      payment(3, 'confirmed', '10.50', hoursAgo(24 * 20)),
      payment(4, 'confirmed', '1000.00', hoursAgo(24 * 60)),
      payment(5, 'pending', '49.00', hoursAgo(3)),
      payment(6, 'failed', '199.00', hoursAgo(4)),
    ]);
    for (let n = 7; n < 19; n++) await db.insert(payments).values(payment(n, 'pending', '1.00', hoursAgo(24 * 90 + n)));

    const file = (n: number, category: string, size: number) => ({
      userId: ids[0]!, originalName: `f${n}`, storedName: `f${n}`, mimeType: 'application/octet-stream', category, size, objectPath: `users/x/${n}`,
    });
    await db.insert(files).values([file(1, 'image', 1_000_000_000), file(2, 'image', 500_000_000), file(3, 'document', 250_000_000)]);

    const interaction = (persona: string, ms: number, success: boolean, feedback: string | null) => ({
      userId: ids[0]!, persona, mode: 'chat', responseTimeMs: ms, success, feedback,
    });
    await db.insert(interactions).values([
      interaction('gino', 100, true, 'positive'),
      interaction('gino', 300, true, 'positive'),
      interaction('gino', 201, false, 'negative'),
      interaction('default', 1000, true, null),
      interaction('g', 50, true, 'negative'),
      interaction('g', 150, false, null),
      interaction('gina', 400, true, 'positive'),
      interaction('gina', 600, true, null),
    ]);
    const events: { feature: string; action: string }[] = [];
    const add = (feature: string, action: string, count: number) => {
      for (let i = 0; i < count; i++) events.push({ feature, action });
    };
    add('chat', 'send', 9);
    add('files', 'upload', 8);
    add('files', 'delete', 7);
    add('voice', 'speak', 6);
    add('dictionary', 'lookup', 5);
    add('legal', 'ask', 4);
    add('image', 'generate', 3);
    add('profile', 'edit', 2);
    add('tour', 'open', 1);
    await db.insert(featureEvents).values(events);
  });
  afterAll(() => t.close());

  it('answers every dashboard figure exactly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.revenueStats).toEqual({ totalUSD: 1258.5, last24h: 49, last7d: 248, last30d: 258.5 });
    expect(body.userStats).toEqual({ totalUsers: 4, premiumUsers: 1, activeToday: 2 });
    expect(body.totalPayments).toBe(18);
    expect(body.confirmedPayments).toBe(4);
    expect(body.storageStats).toEqual({
      totalFiles: 3,
      totalSizeGB: 1.75,
      usageByType: { image: { count: 2, bytes: 1_500_000_000 }, document: { count: 1, bytes: 250_000_000 } },
    });
    expect(body.businessAddresses).toEqual({ BTC: 'bc1qexamplebtcaddress', USDT: 'TExampleUsdtAddress' });
    expect(body.payments).toHaveLength(10);
    expect(body.payments.slice(0, 4).map((p: { txHash: string }) => p.txHash)).toEqual(['tx-1', 'tx-5', 'tx-6', 'tx-2']);
    const [users0] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, ids[1]!));
    expect(body.payments[0]).toEqual({
      id: expect.any(String),
      user: users0!.username,
      cryptocurrency: 'BTC',
      amount: '0.00123456',
      amountUSD: '49.00',
      status: 'confirmed',
      txHash: 'tx-1',
      createdAt: hoursAgo(2).toISOString(),
    });
  });

  it('answers every analytics figure exactly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.overview).toEqual({ totalInteractions: 8, avgResponseTime: 350, successRate: 75, positiveFeedback: 3, negativeFeedback: 2 });
    // Four signed-up users, each with a live session.
    expect(body.activeSessions).toBe(4);
    expect(body.characterUsage).toEqual([
      { character: 'gino', count: 3, avgResponseTime: 200 },
      { character: 'g', count: 2, avgResponseTime: 100 },
      { character: 'gina', count: 2, avgResponseTime: 500 },
      { character: 'default', count: 1, avgResponseTime: 1000 },
    ]);
    expect(body.featureUsage).toEqual([
      { feature: 'chat', action: 'send', count: 9 },
      { feature: 'files', action: 'upload', count: 8 },
      { feature: 'files', action: 'delete', count: 7 },
      { feature: 'voice', action: 'speak', count: 6 },
      { feature: 'dictionary', action: 'lookup', count: 5 },
      { feature: 'legal', action: 'ask', count: 4 },
      { feature: 'image', action: 'generate', count: 3 },
      { feature: 'profile', action: 'edit', count: 2 },
    ]);
  });

  it('reports the System tab from real checks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      checkedAt: NOW.toISOString(),
      checks: [
        { id: 'payments', label: 'Payment Processing', status: 'online', detail: 'Webhook secret set; signed payment events are accepted.' },
        // The real disk under DATA_DIR: its figures are the machine's (system-checks.test.ts pins them).
        {
          id: 'storage',
          label: 'File Storage',
          status: expect.stringMatching(/^(online|warning)$/),
          detail: expect.stringMatching(/^The object store answered\. The disk holding DATA_DIR is \d+% full: [\d.]+ \w+ free of [\d.]+ \w+\.$/),
        },
        { id: 'models', label: 'LLM Processing', status: 'offline', detail: 'No model provider is configured; the offline engine answers.' },
        { id: 'api', label: 'API Endpoints', status: 'online', detail: 'The API and its database answered.' },
      ],
      // Backups are of the embedded database only (issue 47); none is configured or made here.
      ...(process.env.DATABASE_URL
        ? {}
        : { backup: { status: 'not_configured', lastAt: null, detail: 'No backup yet. Run npm run backup -- <file>, or set BACKUP_DIR for scheduled backups.' } }),
    });
  });
});

describe('admin dashboard on an empty database', () => {
  it('answers zeros, no wallets and payments not configured', async () => {
    const t = await createAdminTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: '' } });
    try {
      const headers = await adminHeaders(t.app);
      const dashboard = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json();
      expect(dashboard).toEqual({
        revenueStats: { totalUSD: 0, last24h: 0, last7d: 0, last30d: 0 },
        userStats: { totalUsers: 0, premiumUsers: 0, activeToday: 0 },
        totalPayments: 0,
        confirmedPayments: 0,
        storageStats: { totalFiles: 0, totalSizeGB: 0, usageByType: {} },
        businessAddresses: {},
        payments: [],
      });
      const analytics = (await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers })).json();
      expect(analytics).toEqual({
        overview: { totalInteractions: 0, avgResponseTime: 0, successRate: 0, positiveFeedback: 0, negativeFeedback: 0 },
        activeSessions: 0,
        characterUsage: [],
        featureUsage: [],
      });
      const system = (await t.app.inject({ method: 'GET', url: '/api/admin/system', headers })).json();
      expect(system.checks[0]).toMatchObject({ id: 'payments', status: 'not_configured' });
    } finally {
      await t.close();
    }
  });
});
