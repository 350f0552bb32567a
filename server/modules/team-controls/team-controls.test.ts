import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEAM_POLICY, type TeamPolicy } from '@contract/team-controls';
import { adminActions } from '../../db/schema/accounts';
import { interactions } from '../../db/schema/chat';
import { modelUsage } from '../../db/schema/team-controls';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { joinTeam, setTeamPlan, teamOf } from '../../../tests/support/teams';
import { teamControlsRepository } from './team-controls.repository';
import { costUSD } from './usage-cost';

const NOW = new Date('2026-09-10T08:00:00Z');
const DAY = 24 * 3600 * 1000;
type Person = Awaited<ReturnType<typeof signUp>>;

/** Issue 43: the team's policy, budgets, usage and cost, and retention, through the API. */
describe('team controls', () => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await createTestApp({ env: { MODEL_PRICE_DEFAULT: '0.15,0.60', MODEL_PRICE_GINO: '1,2' }, deps: { clock } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, who: Person, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const chat = (who: Person, body: Record<string, unknown>) => call('POST', '/api/chat', who, { message: 'Hello there', ...body });
  const setPolicy = (who: Person, changes: Partial<TeamPolicy>) => call('PUT', '/api/team/policy', who, { ...DEFAULT_TEAM_POLICY, ...changes });

  /** An owner on a premium plan, with an admin and a plain member. */
  async function team() {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() + 400 * DAY), plan: 'starter' });
    t.userDataChanges.changed();
    const admin = await signUp(t.app);
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, admin, 'admin');
    await joinTeam(t.app, owner, member, 'member');
    return { owner, admin, member };
  }
  const record = (who: Person, tokensIn: number, tokensOut: number, persona = 'default') =>
    teamControlsRepository.recordUsage(t.database.db, { userId: who.user.id, persona, model: 'openai:gpt-4o-mini', tokensIn, tokensOut, estimated: false, at: clock.now() });

  it('a plain member cannot change the policy (403); the owner and admins can, and everyone reads it', async () => {
    const { owner, admin, member } = await team();
    expect((await call('GET', '/api/team/policy', member)).json()).toEqual({ ...DEFAULT_TEAM_POLICY, canEdit: false });
    const refused = await setPolicy(member, { api: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "Only the team's owner and admins can change the team's policy.", code: 'forbidden' });

    const byAdmin = await setPolicy(admin, { personas: ['gino', 'default'], retentionDays: 30 });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ ...DEFAULT_TEAM_POLICY, personas: ['default', 'gino'], retentionDays: 30, canEdit: true });
    expect((await call('GET', '/api/team/policy', member)).json()).toEqual({ ...DEFAULT_TEAM_POLICY, personas: ['default', 'gino'], retentionDays: 30, canEdit: false });
    expect((await call('GET', '/api/team/policy', owner)).json().canEdit).toBe(true);

    const bad = await setPolicy(owner, { monthlyTokensPerMember: -1 });
    expect(bad.statusCode).toBe(400);
    // Recorded in the team's audit with who changed it (the admin also has their invitation's entries there).
    const audit = await t.database.db.select().from(adminActions).where(and(eq(adminActions.actorUserId, admin.user.id), eq(adminActions.action, 'team_policy_changed')));
    expect(audit.map((a) => a.teamId)).toEqual([(await teamOf(t.database.db, owner.user.id)).id]);
  });

  it('refuses each forbidden persona, mode and image generation with its sentence, for the owner too, and allows the rest', async () => {
    const { owner, member } = await team();
    expect((await setPolicy(owner, { personas: ['default', 'gino'], modes: ['chat', 'dictionary'], imageGeneration: false })).statusCode).toBe(200);

    for (const who of [member, owner]) {
      const gina = await chat(who, { character: 'gina' });
      expect(gina.statusCode).toBe(403);
      expect(gina.json()).toEqual({ error: "Your team's policy does not allow the Gina persona. Your team owner can change this on the Team page.", code: 'forbidden', field: 'character' });
    }
    const law = await chat(member, { character: 'default', mode: 'law' });
    expect(law.statusCode).toBe(403);
    expect(law.json().error).toBe("Your team's policy does not allow Legal mode. Your team owner can change this on the Team page.");
    const image = await chat(member, { character: 'default', generateImage: true });
    expect(image.statusCode).toBe(403);
    expect(image.json().error).toBe("Your team's policy does not allow image generation. Your team owner can change this on the Team page.");

    expect((await chat(member, { character: 'gino', mode: 'dictionary' })).statusCode).toBe(200);
    expect((await chat(member, { character: 'default', mode: 'chat' })).statusCode).toBe(200);
    // Allowed again once the owner allows it.
    await setPolicy(owner, {});
    expect((await chat(member, { character: 'gina', mode: 'law' })).statusCode).toBe(200);
  });

  it('the api flag refuses API keys at /v1 and /mcp; tools off refuses /mcp only', async () => {
    const { owner, member } = await team();
    const key = (await call('POST', '/api/api-keys', member, { name: 'script' })).json().key as string;
    const v1 = () =>
      t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` }, payload: { model: 'default', messages: [{ role: 'user', content: 'Hi' }] } });
    const mcp = () =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      });
    expect((await v1()).statusCode).toBe(200);

    await setPolicy(owner, { api: false });
    const refused = await v1();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Your team's policy does not allow the API. Your team owner can change this on the Team page.");
    const mcpRefused = await mcp();
    expect(mcpRefused.statusCode).toBe(403);
    expect(mcpRefused.json().error).toBe("Your team's policy does not allow the API. Your team owner can change this on the Team page.");
    // The browser is not the API.
    expect((await chat(member, {})).statusCode).toBe(200);

    await setPolicy(owner, { tools: false });
    expect((await v1()).statusCode).toBe(200);
    const noTools = await mcp();
    expect(noTools.statusCode).toBe(403);
    expect(noTools.json().error).toBe("Your team's policy does not allow Genie's MCP tools. Your team owner can change this on the Team page.");
  });

  it('member budget: 0 refuses at once; just under it is allowed; spent is refused', async () => {
    const { owner, member } = await team();
    await setPolicy(owner, { monthlyTokensPerMember: 0 });
    const zero = await chat(member, {});
    expect(zero.statusCode).toBe(403);
    expect(zero.json().error).toBe(
      "You have used your monthly budget of 0 tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.",
    );

    await setPolicy(owner, { monthlyTokensPerMember: 1000 });
    await record(member, 600, 399); // 999: one token left
    expect((await chat(member, {})).statusCode).toBe(200);
    const over = await chat(member, {});
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe(
      "You have used your monthly budget of 1,000 tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.",
    );
    // Another member still has theirs.
    expect((await chat(owner, {})).statusCode).toBe(200);
    // A new month starts afresh.
    clock.set(new Date('2026-10-01T00:00:00Z'));
    try {
      expect((await chat(member, {})).statusCode).toBe(200);
    } finally {
      clock.set(NOW);
    }
  });

  it("team budget: refused for everyone once the team's month is spent", async () => {
    const { owner, admin, member } = await team();
    await setPolicy(owner, { monthlyTokensTeam: 5000 });
    await record(admin, 4000, 999);
    expect((await chat(member, {})).statusCode).toBe(200);
    for (const who of [member, owner]) {
      const over = await chat(who, {});
      expect(over.statusCode).toBe(403);
      expect(over.json().error).toBe(
        "Your team has used its monthly budget of 5,000 tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.",
      );
    }
  });

  it('costs 1,000,000 in at $0.15 and 500,000 out at $0.60 as $0.45, by member and by model, and as CSV', async () => {
    expect(costUSD({ inPerMillion: 0.15, outPerMillion: 0.6 }, 1_000_000, 500_000)).toBe(0.45);
    const { owner, admin, member } = await team();
    await setPolicy(owner, { monthlyTokensPerMember: 2_000_000 });
    await record(member, 1_000_000, 500_000);
    await record(admin, 1_000_000, 0, 'gino'); // $1 at MODEL_PRICE_GINO=1,2
    clock.set(new Date('2026-08-31T23:59:59Z'));
    await record(member, 7, 7); // August: not in September's month
    clock.set(NOW);

    const usage = await call('GET', '/api/team/usage?month=2026-09', owner);
    expect(usage.statusCode).toBe(200);
    const body = usage.json();
    expect(body.budget).toEqual({ monthlyTokensPerMember: 2_000_000, monthlyTokensTeam: null, usedTeam: 2_500_000 });
    expect(body.models).toEqual([
      { model: 'openai:gpt-4o-mini', persona: 'default', tokensIn: 1_000_000, tokensOut: 500_000, costUSD: 0.45 },
      { model: 'openai:gpt-4o-mini', persona: 'gino', tokensIn: 1_000_000, tokensOut: 0, costUSD: 1 },
    ]);
    const byId = Object.fromEntries(body.members.map((m: { userId: string }) => [m.userId, m]));
    expect(byId[member.user.id]).toEqual({ userId: member.user.id, name: member.user.username, tokensIn: 1_000_000, tokensOut: 500_000, costUSD: 0.45 });
    expect(byId[admin.user.id]).toEqual({ userId: admin.user.id, name: admin.user.username, tokensIn: 1_000_000, tokensOut: 0, costUSD: 1 });
    expect(byId[owner.user.id]).toEqual({ userId: owner.user.id, name: owner.user.username, tokensIn: 0, tokensOut: 0, costUSD: 0 });
    expect((await call('GET', '/api/team/usage?month=2026-08', owner)).json().budget.usedTeam).toBe(14);

    const csv = await call('GET', '/api/team/usage?month=2026-09&format=csv', owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toContain(`member,${member.user.id},${member.user.username},,1000000,500000,0.45`);
    expect(csv.body.split('\r\n')).toContain('model,openai:gpt-4o-mini,openai:gpt-4o-mini,default,1000000,500000,0.45');

    const mine = await call('GET', '/api/profile/usage?month=2026-09', member);
    expect(mine.json()).toEqual({ month: '2026-09', tokensIn: 1_000_000, tokensOut: 500_000, costUSD: 0.45, monthlyTokensPerMember: 2_000_000 });
    expect((await call('GET', '/api/team/usage?month=2026-13', owner)).statusCode).toBe(400);
  });

  it("never shows another team's usage; a plain member sees none of the team's (403)", async () => {
    const a = await team();
    const b = await team();
    await record(a.member, 100, 50);
    const plain = await call('GET', '/api/team/usage', a.member);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error).toBe("Only the team's owner and admins can see the team's usage.");
    const other = (await call('GET', '/api/team/usage', b.owner)).json();
    expect(other.budget.usedTeam).toBe(0);
    expect(other.members.map((m: { userId: string }) => m.userId).sort()).toEqual([b.owner.user.id, b.admin.user.id, b.member.user.id].sort());
    expect((await call('GET', '/api/team/usage', a.owner)).json().budget.usedTeam).toBe(150);
  });

  it('answers the last 90 UTC days of team tokens for the chart, every day present, older days and other teams left out', async () => {
    const a = await team();
    const b = await team();
    try {
      clock.set(new Date('2026-06-12T23:30:00Z')); // the day before the chart's 90 days (2026-06-13 to 2026-09-10)
      await record(a.member, 1000, 0);
      clock.set(new Date('2026-06-13T00:10:00Z')); // the chart's first day
      await record(a.member, 7, 3);
      clock.set(new Date('2026-09-09T23:59:00Z'));
      await record(a.owner, 100, 50);
      await record(b.member, 5000, 0);
      clock.set(NOW);
      await record(a.admin, 20, 2);
      await record(a.member, 1, 1);
      const response = await call('GET', '/api/team/usage/daily', a.admin);
      expect(response.statusCode).toBe(200);
      const days = response.json().days as { day: string; tokens: number }[];
      expect(days).toHaveLength(90);
      expect(days[0]).toEqual({ day: '2026-06-13', tokens: 10 });
      expect(days.slice(-2)).toEqual([{ day: '2026-09-09', tokens: 150 }, { day: '2026-09-10', tokens: 24 }]);
      expect(days.reduce((sum, d) => sum + d.tokens, 0)).toBe(184);
      expect((await call('GET', '/api/team/usage/daily', a.member)).statusCode).toBe(403);
    } finally {
      clock.set(NOW);
    }
  });

  it('records each chat: an estimate marked estimated when the engine gives no counts', async () => {
    const { member } = await team();
    expect((await chat(member, { character: 'gino' })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(modelUsage).where(eq(modelUsage.userId, member.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ persona: 'gino', estimated: true, teamId: (await teamOf(t.database.db, member.user.id)).id });
    // Stored by the exchange's finish statement, at its time (the reply's interaction has the same).
    const [interaction] = await t.database.db.select({ createdAt: interactions.createdAt }).from(interactions).where(eq(interactions.userId, member.user.id));
    expect(rows[0]!.createdAt).toEqual(interaction!.createdAt);
    expect(rows[0]!.tokensIn).toBeGreaterThan(0);
    expect(rows[0]!.tokensOut).toBeGreaterThan(0);
  });

  it('retention erases exactly the conversations last active before the cut-off: pinned kept, another team untouched', async () => {
    const a = await team();
    const b = await team();
    const start = async (who: Person) => (await chat(who, {})).json().conversationId as string;
    const list = async (who: Person) => ((await call('GET', '/api/conversations', who)).json().conversations as { id: string }[]).map((c) => c.id).sort();

    const old = await start(a.member);
    const oldPinned = await start(a.member);
    expect((await call('PATCH', `/api/conversations/${oldPinned}`, a.member, { pinned: true })).statusCode).toBe(200);
    await start(a.owner);
    const otherTeamOld = await start(b.member);
    clock.advance(5 * DAY);
    const recent = await start(a.member);
    clock.advance(3 * DAY); // the old ones are 8 days old, the recent one 3
    try {
      await setPolicy(a.owner, { retentionDays: 7 });
      expect(await t.app.teamRetentionRun()).toBe(2);
      expect(await list(a.member)).toEqual([oldPinned, recent].sort());
      expect(await list(a.owner)).toEqual([]);
      expect(await list(b.member)).toEqual([otherTeamOld]);
      expect((await call('GET', `/api/conversations/${old}`, a.member)).statusCode).toBe(404);
      const [entry] = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'conversations_erased_by_retention'));
      expect(entry!.details).toEqual({ teamId: (await teamOf(t.database.db, a.owner.user.id)).id, retentionDays: 7, conversations: 2 });
      // Run again the same day: nothing more to erase.
      expect(await t.app.teamRetentionRun()).toBe(0);
    } finally {
      clock.set(NOW);
    }
  });
});
