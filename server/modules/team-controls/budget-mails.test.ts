import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEAM_POLICY } from '@contract/team-controls';
import { ManualClock } from '../../lib/clock';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { joinTeam, setTeamPlan, teamOf } from '../../../tests/support/teams';
import { budgetCrossings } from './budget-alerts';
import { teamControlsRepository } from './team-controls.repository';
import { monthRange } from './usage-cost';

const NOW = new Date('2026-09-10T08:00:00Z');
const PUBLIC_URL = 'https://genie.example.com';
type Person = Awaited<ReturnType<typeof signUp>>;

describe('budget crossings', () => {
  it('names each line a call crossed, once: 80% and 100%, member and team', () => {
    const budgets = { monthlyTokensPerMember: 1000, monthlyTokensTeam: 10_000 };
    expect(budgetCrossings(budgets, { mine: 799, team: 799 }, 10)).toEqual([]);
    expect(budgetCrossings(budgets, { mine: 800, team: 800 }, 1)).toEqual([{ scope: 'member', share: 0.8, budget: 1000, used: 800 }]);
    expect(budgetCrossings(budgets, { mine: 801, team: 801 }, 1)).toEqual([]);
    // One big call crosses both lines of the member's budget, and the team's 80%.
    expect(budgetCrossings(budgets, { mine: 1200, team: 8000 }, 1200)).toEqual([
      { scope: 'member', share: 0.8, budget: 1000, used: 1200 },
      { scope: 'member', share: 1, budget: 1000, used: 1200 },
      { scope: 'team', share: 0.8, budget: 10_000, used: 8000 },
    ]);
    expect(budgetCrossings({ monthlyTokensPerMember: null, monthlyTokensTeam: null }, { mine: 5000, team: 5000 }, 5000)).toEqual([]);
  });
});

/** Issue 43: with mail set up, the team's owner is mailed when a budget reaches 80% and 100%. */
describe('budget mails to the owner', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url, MAIL_FROM: 'Genie <genie@example.test>' }, deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, who: Person, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie, origin: PUBLIC_URL }, payload });
  const record = (who: Person, tokens: number) =>
    teamControlsRepository.recordUsage(t.database.db, { userId: who.user.id, persona: 'default', model: 'offline', tokensIn: tokens, tokensOut: 0, estimated: false, at: clock.now() });

  it('mails at 80% and at 100% of a member budget, once each, and not for chats in between', async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() + 400 * 24 * 3600 * 1000), plan: 'starter' });
    t.userDataChanges.changed();
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, member, 'member');
    expect((await call('PUT', '/api/team/policy', owner, { ...DEFAULT_TEAM_POLICY, monthlyTokensPerMember: 1_000_000 })).statusCode).toBe(200);
    const before = inbox.messages.length;

    await record(member, 799_999);
    expect((await call('POST', '/api/chat', member, { message: 'Hello there' })).statusCode).toBe(200);
    const eighty = await inbox.next(before);
    expect(eighty.to).toEqual([owner.user.email]);
    expect(eighty.subject).toBe(`${member.user.username} has used 80% of their monthly token budget`);
    expect(eighty.text).toContain(`of their monthly budget of 1,000,000 tokens.\nChats go on until the whole budget is used.`);

    expect((await call('POST', '/api/chat', member, { message: 'Hello again' })).statusCode).toBe(200);
    // Up to one token short of the budget: the next chat is allowed and crosses 100%.
    const { from, to } = monthRange('2026-09');
    const team = await teamOf(t.database.db, member.user.id);
    await record(member, 999_999 - (await teamControlsRepository.usedTokens(t.database.db, team.id, member.user.id, from, to)).mine);
    expect((await call('POST', '/api/chat', member, { message: 'And once more' })).statusCode).toBe(200);
    const hundred = await inbox.next(before + 1);
    expect(hundred.subject).toBe(`${member.user.username} has used 100% of their monthly token budget`);
    expect(hundred.text).toContain(`Genie now refuses ${member.user.username}'s chats until the budget renews on the 1st of next month (UTC).`);
    // Exactly two mails: the chat between the lines sent none.
    expect(inbox.messages.slice(before).map((m) => m.subject)).toEqual([eighty.subject, hundred.subject]);
  }, 120_000); // two sign-ups, an invitation mail and three chats on a shared, loaded machine
});
