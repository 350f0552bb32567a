import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_CATALOGUE } from '@contract/admin';
import { discountedPrice } from '@contract/promotion-pricing';
import type { ActivePromotion, PromotionAction } from '@contract/promotions';
import { interactions } from '../../db/schema/chat';
import { ManualClock } from '../../lib/clock';
import { signUp, type TestApp } from '../../../tests/support/test-app';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { teamOf } from '../../../tests/support/teams';

const START = new Date('2026-08-01T08:00:00Z');
const HOUR = 3600 * 1000;

describe('promotions: each has its effect while live and none after its expiry', () => {
  let t: TestApp;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    t = await createAdminTestApp({ clock });
  });
  afterAll(() => t.close());

  const active = async (): Promise<ActivePromotion[]> => (await t.app.inject({ method: 'GET', url: '/api/promotions/active' })).json().promotions;
  const deploy = async (action: PromotionAction) => t.app.inject({ method: 'POST', url: '/api/admin/deploy-promotion', headers: await adminHeaders(t.app), payload: { action } });

  it.each([
    ['launch_flash_sale', 24, { starter: 39.2, pro: 159.2 }],
    ['lower_competitor_feature_prices', 168, { starter: 49, pro: 149.25 }],
    ['enable_time_limited_offer', 72, { starter: 34.3, pro: 199 }],
  ] as const)('%s discounts the stated plans for exactly %i hours', async (action, hours, prices) => {
    // Each case starts a year after the last, so earlier promotions are long over.
    const base = new Date(clock.now().getTime() + 365 * 24 * HOUR);
    clock.set(base);
    const response = await deploy(action);
    expect(response.statusCode).toBe(200);
    const definition = PROMOTION_CATALOGUE[action];
    const expiresAt = new Date(base.getTime() + hours * HOUR).toISOString();
    expect(response.json()).toEqual({ success: true, campaignName: definition.name, message: `${definition.name} is live until ${expiresAt}.` });
    const live = await active();
    expect(live).toEqual([
      { id: expect.any(String), action, name: definition.name, headline: definition.headline, discountPercent: definition.discountPercent, plans: definition.plans, expiresAt },
    ]);
    expect({ starter: discountedPrice(49, 'starter', live), pro: discountedPrice(199, 'pro', live) }).toEqual(prices);
    // Deploying it again while live is refused, with a reason.
    expect((await deploy(action)).json()).toEqual({ success: false, campaignName: definition.name, message: `${definition.name} is already live until ${expiresAt}.` });
    clock.set(new Date(base.getTime() + hours * HOUR - 1000));
    expect(await active()).toHaveLength(1);
    clock.set(new Date(base.getTime() + hours * HOUR));
    expect(await active()).toEqual([]);
    expect(discountedPrice(199, 'pro', await active())).toBe(199);
    // The admin list shows it ended.
    expect(await t.app.inject({ method: 'GET', url: '/api/admin/promos', headers: await adminHeaders(t.app) }).then((r) => r.json().promos[0])).toMatchObject({ action, active: false, expires: expiresAt });
  });

  it('activate_free_tier opens Legal mode to signed-in users for 7 days', async () => {
    const base = new Date(clock.now().getTime() + 365 * 24 * HOUR);
    clock.set(base);
    expect((await deploy('activate_free_tier')).json()).toMatchObject({ success: true, campaignName: 'Legal Mode Open Week' });
    const live = await active();
    expect(live).toEqual([
      {
        id: expect.any(String), action: 'activate_free_tier', name: 'Legal Mode Open Week', unlocksLegalMode: true,
        headline: 'Legal mode is open to every signed-in user for a limited time.', expiresAt: new Date(base.getTime() + 168 * HOUR).toISOString(),
      },
    ]);
    expect(discountedPrice(49, 'starter', live)).toBe(49);
    clock.set(new Date(base.getTime() + 168 * HOUR));
    expect(await active()).toEqual([]);
  });

  it('lists promos, notifications and campaign performance for the admin, and Pause All ends them now', async () => {
    clock.set(new Date('2036-09-01T00:00:00Z'));
    await deploy('launch_flash_sale');
    await t.app.inject({ method: 'POST', url: '/api/admin/schemes/deploy', headers: await adminHeaders(t.app), payload: { scheme: 'Customer Stories' } });
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/promos', headers: await adminHeaders(t.app) })).json();
    expect(before.performance).toEqual({ activeCampaigns: 2, revenueUSD: 0 });
    expect(before.promos[0]).toMatchObject({ action: 'launch_flash_sale', name: 'Flash Sale', active: true, discountPercent: 20, plans: ['starter', 'pro'] });
    expect(before.notifications[0].message).toBe('Customer Stories campaign started; tracked until 2036-09-15T00:00:00.000Z.');
    clock.advance(HOUR);
    const paused = await t.app.inject({ method: 'POST', url: '/api/admin/promotions/pause-all', headers: await adminHeaders(t.app) });
    expect(paused.json()).toEqual({ paused: 2, message: 'Paused 2 campaigns.' });
    expect(await active()).toEqual([]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/promos', headers: await adminHeaders(t.app) })).json();
    expect(after.performance).toEqual({ activeCampaigns: 0, revenueUSD: 0 });
    expect(after.promos[0]).toMatchObject({ active: false, expires: '2036-09-01T01:00:00.000Z' });
    expect(after.notifications[0].message).toBe('Paused 2 campaigns: Flash Sale, Customer Stories.');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/promotions/pause-all', headers: await adminHeaders(t.app) })).json()).toEqual({ paused: 0, message: 'No campaign was running.' });
  });

  it('answers an unknown action with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/deploy-promotion', headers: await adminHeaders(t.app), payload: { action: 'free_money' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field: 'action' });
  });
});

describe('highlight_top_users', () => {
  it('gives the 3 most active members 7 days of Premium without naming anyone', async () => {
    const clock = new ManualClock(START);
    const t = await createAdminTestApp({ clock });
    try {
      const none = await t.app.inject({ method: 'POST', url: '/api/admin/deploy-promotion', headers: await adminHeaders(t.app), payload: { action: 'highlight_top_users' } });
      expect(none.json()).toEqual({
        success: false, campaignName: 'Top Member Rewards', message: 'No member has used Genie in the last 30 days yet, so there is nobody to reward.',
      });
      const people = await Promise.all([0, 1, 2, 3].map(() => signUp(t.app)));
      const counts = [5, 1, 3, 4];
      for (const [i, person] of people.entries()) {
        const rows = Array.from({ length: counts[i]! }, () => ({ userId: person.user.id, persona: 'default', mode: 'chat', responseTimeMs: 10, success: true, createdAt: new Date(START.getTime() - HOUR) }));
        await t.database.db.insert(interactions).values(rows);
      }
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/deploy-promotion', headers: await adminHeaders(t.app), payload: { action: 'highlight_top_users' } });
      expect(response.json()).toEqual({
        success: true, campaignName: 'Top Member Rewards',
        message: 'Top Member Rewards is live until 2026-08-08T08:00:00.000Z. 3 members received 7 days of Premium.',
      });
      const until = async (i: number) => (await teamOf(t.database.db, people[i]!.user.id)).premiumUntil?.toISOString() ?? null;
      expect([await until(0), await until(1), await until(2), await until(3)]).toEqual([
        '2026-08-08T08:00:00.000Z', null, '2026-08-08T08:00:00.000Z', '2026-08-08T08:00:00.000Z',
      ]);
      const live = (await t.app.inject({ method: 'GET', url: '/api/promotions/active' })).json().promotions;
      expect(live).toHaveLength(1);
      expect(JSON.stringify(live)).not.toMatch(new RegExp(people.map((p) => p.user.username).join('|')));
    } finally {
      await t.close();
    }
  });
});

describe('schemes', () => {
  it('lists three categories, deploys one as a 14-day campaign record and reports the cleanup service', async () => {
    const clock = new ManualClock(START);
    const t = await createAdminTestApp({ clock });
    try {
      const first = (await t.app.inject({ method: 'GET', url: '/api/admin/schemes', headers: await adminHeaders(t.app) })).json();
      expect(Object.keys(first.schemes)).toEqual(['pricing', 'retail', 'psychology']);
      expect(first.schemes.retail[0]).toEqual({ name: 'Agency Partner Drive', desc: 'Contact agencies about reselling Genie to their clients. Tracked for 14 days.' });
      expect(first.active).toEqual([]);
      expect(first.cleanupService).toEqual({ isRunning: true });
      const deployed = await t.app.inject({ method: 'POST', url: '/api/admin/schemes/deploy', headers: await adminHeaders(t.app), payload: { scheme: 'Team Plan Pitch' } });
      expect(deployed.json()).toEqual({ message: 'Team Plan Pitch is now tracked as an active campaign until 2026-08-15T08:00:00.000Z.' });
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/schemes', headers: await adminHeaders(t.app) })).json().active).toEqual(['Team Plan Pitch']);
      const twice = await t.app.inject({ method: 'POST', url: '/api/admin/schemes/deploy', headers: await adminHeaders(t.app), payload: { scheme: 'Team Plan Pitch' } });
      expect(twice.statusCode).toBe(409);
      const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/schemes/deploy', headers: await adminHeaders(t.app), payload: { scheme: 'Fake Scarcity' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'invalid_input', field: 'scheme' });
      // Schemes are never shown to users.
      expect((await t.app.inject({ method: 'GET', url: '/api/promotions/active' })).json()).toEqual({ promotions: [] });
      clock.set(new Date('2026-08-15T08:00:00Z'));
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/schemes', headers: await adminHeaders(t.app) })).json().active).toEqual([]);
      expect(await t.app.promotionsCleanupTick()).toBe(1);
      const promos = (await t.app.inject({ method: 'GET', url: '/api/admin/promos', headers: await adminHeaders(t.app) })).json();
      expect(promos.notifications[0].message).toBe('Team Plan Pitch ended at its expiry.');
    } finally {
      await t.close();
    }
  });
});
