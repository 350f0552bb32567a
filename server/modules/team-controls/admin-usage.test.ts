import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { signUp, type TestApp } from '../../../tests/support/test-app';
import { teamOf } from '../../../tests/support/teams';
import { teamControlsRepository } from './team-controls.repository';

const NOW = new Date('2026-09-10T08:00:00Z');

/** Issue 43: the admin console's usage across teams, GET /api/admin/usage. */
describe('usage across teams for the operator', () => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await createAdminTestApp({ clock, env: { MODEL_PRICE_DEFAULT: '0.15,0.60', MODEL_PRICE_GINO: '1,2' } });
  });
  afterAll(() => t.close());

  const record = (userId: string, persona: string, tokensIn: number, tokensOut: number, at = NOW) =>
    teamControlsRepository.recordUsage(t.database.db, { userId, persona, model: 'openai:gpt-4o-mini', tokensIn, tokensOut, estimated: false, at });

  it("answers each team's month with its cost, most tokens first, and the total; only with the admin token", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await record(a.user.id, 'default', 1_000_000, 500_000); // $0.45
    await record(a.user.id, 'gino', 1_000_000, 0); // $1
    await record(b.user.id, 'default', 3_000_000, 0); // $0.45
    await record(b.user.id, 'default', 9_000_000, 0, new Date('2026-08-31T23:59:59Z')); // August: not in September

    const response = await t.app.inject({ method: 'GET', url: '/api/admin/usage?month=2026-09', headers: await adminHeaders(t.app) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      month: '2026-09',
      teams: [
        { teamId: (await teamOf(t.database.db, b.user.id)).id, name: b.user.username, tokensIn: 3_000_000, tokensOut: 0, costUSD: 0.45 },
        { teamId: (await teamOf(t.database.db, a.user.id)).id, name: a.user.username, tokensIn: 2_000_000, tokensOut: 500_000, costUSD: 1.45 },
      ],
      total: { tokensIn: 5_000_000, tokensOut: 500_000, costUSD: 1.9 },
      teamCount: 2,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/usage', headers: { cookie: a.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/usage?month=2026-9', headers: await adminHeaders(t.app) })).statusCode).toBe(400);
  });
});
