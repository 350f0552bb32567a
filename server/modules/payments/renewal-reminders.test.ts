import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { ADMIN, adminHeaders } from '../../../tests/support/admin-app';
import { setTeamPlan, teamOf } from '../../../tests/support/teams';

const DAY = 24 * 3600 * 1000;
const PUBLIC_URL = 'https://genie.example.com';

describe('renewal reminders (issue 41)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
  const mails: MailMessage[] = [];
  let failSends = 0;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, BUSINESS_WALLET_USDC: 'usdc-wallet-address-001', PUBLIC_URL },
      deps: {
        clock,
        announce: () => {},
        mailer: {
          send: async (message) => {
            if (failSends > 0) {
              failSends--;
              throw new Error('smtp is down');
            }
            mails.push(message);
          },
          close: () => {},
        },
      },
    });
    admin = await adminHeaders(t.app);
  });
  afterAll(() => t.close());

  const reminders = (to: string) => mails.filter((m) => m.to === to && m.subject.includes('plan ends on'));
  const buyStarter = async (cookie: string) => {
    const invoice = (await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload: { plan: 'starter', currency: 'USDC' } })).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${invoice.invoiceId}/confirm`, headers: admin })).statusCode).toBe(200);
    return invoice as { invoiceId: string };
  };

  it('mails the owner once, seven days before the paid period ends, with a link from PUBLIC_URL; a renewed period is reminded again', async () => {
    const owner = await signUp(t.app);
    await buyStarter(owner.cookie);
    const end = (await teamOf(t.database.db, owner.user.id)).premiumUntil!;
    expect(end.toISOString()).toBe('2026-03-31T12:00:00.000Z');

    await t.app.renewalRemindersRun();
    clock.set(new Date(end.getTime() - 7 * DAY - 60_000));
    await t.app.renewalRemindersRun();
    expect(reminders(owner.user.email)).toEqual([]);

    clock.set(new Date(end.getTime() - 7 * DAY));
    // Two runs at once (two processes, or the hourly job beside this one) mail once.
    await Promise.all([t.app.renewalRemindersRun(), t.app.renewalRemindersRun()]);
    await t.app.renewalRemindersRun();
    expect(reminders(owner.user.email)).toEqual([
      {
        to: owner.user.email,
        subject: 'Your Genie Starter plan ends on 2026-03-31',
        text: [
          `Hello ${owner.user.username},`,
          '',
          "Your team's Starter plan ends on 2026-03-31.",
          `To keep it, open ${PUBLIC_URL}/team and choose "Renew for one month": it makes an invoice for the same plan and opens it.`,
          '',
          'If it is not renewed, your team moves to the Free plan on that day. Nobody is removed from the team.',
        ].join('\n'),
      },
    ]);

    // The renewal is an invoice for the same plan; paid, it adds a month after the old end.
    const renewal = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: owner.cookie }, payload: { plan: 'starter', currency: 'USDC' } });
    expect(renewal.statusCode).toBe(201);
    expect(renewal.json()).toMatchObject({ plan: 'starter', amountUSD: '49.00', status: 'pending', checkoutUrl: `/billing/${renewal.json().invoiceId}` });
    // The admin's session of day one has ended by now.
    admin = await adminHeaders(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${renewal.json().invoiceId}/confirm`, headers: admin })).statusCode).toBe(200);
    const renewedEnd = (await teamOf(t.database.db, owner.user.id)).premiumUntil!;
    expect(renewedEnd.toISOString()).toBe('2026-04-30T12:00:00.000Z');
    await t.app.renewalRemindersRun();
    expect(reminders(owner.user.email)).toHaveLength(1);

    clock.set(new Date(renewedEnd.getTime() - 7 * DAY + 1000));
    await t.app.renewalRemindersRun();
    expect(reminders(owner.user.email).map((m) => m.subject)).toEqual(['Your Genie Starter plan ends on 2026-03-31', 'Your Genie Starter plan ends on 2026-04-30']);
  });

  it('tries again next run when the mail fails, and never reminds a team on Free, on a lapsed plan or on Enterprise', async () => {
    const now = clock.now();
    const soon = new Date(now.getTime() + 3 * DAY);
    const paying = await signUp(t.app);
    await setTeamPlan(t.database.db, paying.user.id, { premiumUntil: soon, plan: 'pro' });
    const free = await signUp(t.app);
    const lapsed = await signUp(t.app);
    await setTeamPlan(t.database.db, lapsed.user.id, { premiumUntil: new Date(now.getTime() - 1000), plan: 'pro' });
    const enterprise = await signUp(t.app);
    await setTeamPlan(t.database.db, enterprise.user.id, { premiumUntil: soon, plan: 'enterprise' });

    failSends = 1;
    await t.app.renewalRemindersRun();
    expect(reminders(paying.user.email)).toEqual([]);
    await t.app.renewalRemindersRun();
    expect(reminders(paying.user.email).map((m) => m.subject)).toEqual([`Your Genie Pro plan ends on ${soon.toISOString().slice(0, 10)}`]);
    expect([...reminders(free.user.email), ...reminders(lapsed.user.email), ...reminders(enterprise.user.email)]).toEqual([]);
  });
});

describe('renewal reminders without PUBLIC_URL', () => {
  it('mail nothing: a reminder without its link is not sent', async () => {
    const mails: MailMessage[] = [];
    const t = await createTestApp({ deps: { mailer: { send: async (m) => void mails.push(m), close: () => {} } } });
    try {
      const owner = await signUp(t.app);
      await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + DAY), plan: 'pro' });
      expect(await t.app.renewalRemindersRun()).toBe(0);
      expect(mails.filter((m) => m.subject.includes('plan ends on'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
