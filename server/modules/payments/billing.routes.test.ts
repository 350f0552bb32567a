import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer';
import { invoices, payments } from '../../db/schema/commerce';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { ADMIN, adminHeaders, createAdminTestApp, WEBHOOK_SECRET } from '../../../tests/support/admin-app';
import { signPayload } from '../../../tests/support/webhook';
import { joinTeam, setTeamPlan, teamOf } from '../../../tests/support/teams';

const DAY = 24 * 3600 * 1000;
const WALLET_BTC = 'bc1qgeniebusinesswallet0000000000000000';
const WALLET_USDT = '0xGenieBusinessUsdtWallet000000000000000001';
const PUBLIC_URL = 'https://genie.example.com';

describe('billing in direct-wallet mode', () => {
  let t: TestApp;
  let admin: { authorization: string };
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createAdminTestApp({
      clock,
      env: { BUSINESS_WALLET_BTC: WALLET_BTC, BUSINESS_WALLET_USDT: WALLET_USDT, BUSINESS_WALLET_ETH: '0xeth-without-rate', PAYMENT_RATE_BTC_USD: '65000', BILLING_INVOICE_MINUTES: '60', PUBLIC_URL },
    });
    admin = await adminHeaders(t.app);
  });
  afterAll(() => t.close());

  const checkout = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload });
  const getInvoice = (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/billing/invoices/${id}`, headers: { cookie } });
  const markReceived = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/confirm`, headers: admin });
  const webhook = (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'x-genie-signature': signPayload(WEBHOOK_SECRET, raw) }, payload: raw });
  };
  const subscriptionOf = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user/subscription', headers: { cookie } })).json();

  it('tells the client which currencies it takes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/billing/options' });
    // ETH has a wallet but no rate: it cannot be priced, so it is not offered.
    expect(response.json()).toEqual({ mode: 'direct', currencies: ['BTC', 'USDT'] });
  });

  it('creates a pending invoice with exactly the checkout fields, a unique amount each', async () => {
    const owner = await signUp(t.app);
    const first = await checkout(owner.cookie, { plan: 'pro', currency: 'btc' });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['address', 'amount', 'amountUSD', 'checkoutUrl', 'currency', 'expiresAt', 'invoiceId', 'plan', 'status']);
    expect(body).toMatchObject({ plan: 'pro', amountUSD: '199.00', currency: 'BTC', address: WALLET_BTC, status: 'pending', checkoutUrl: `/billing/${body.invoiceId}` });
    expect(body.expiresAt).toBe(new Date(clock.now().getTime() + 60 * 60_000).toISOString());
    // 199 / 65000 = 0.00306154 BTC (rounded up), plus 1 to 999 satoshis that tell this invoice apart.
    const sats = Math.round(Number(body.amount) * 1e8);
    expect(sats).toBeGreaterThanOrEqual(306_155);
    expect(sats).toBeLessThanOrEqual(306_154 + 999);

    const second = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();
    expect(second.amount).not.toBe(body.amount);

    const stable = (await checkout(owner.cookie, { plan: 'starter', currency: 'USDT' })).json();
    expect(stable.amount).toMatch(/^49\.000\d{3}$/);
    expect(stable.amount).not.toBe('49.000000');

    const view = await getInvoice(owner.cookie, body.invoiceId);
    expect(view.json()).toMatchObject({ invoiceId: body.invoiceId, status: 'pending', planName: 'Pro', amountUSD: '199.00', listPriceUSD: '199.00', amount: body.amount, mode: 'direct', paidAt: null });
  });

  it('refuses what it cannot sell: Enterprise, an unknown or unpriced currency', async () => {
    const owner = await signUp(t.app);
    const enterprise = await checkout(owner.cookie, { plan: 'enterprise', currency: 'BTC' });
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().field).toBe('plan');
    const unknown = await checkout(owner.cookie, { plan: 'pro', currency: 'DOGE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('currency');
    const unpriced = await checkout(owner.cookie, { plan: 'pro', currency: 'ETH' });
    expect(unpriced.json()).toEqual({ error: 'currency: ETH has no exchange rate set (PAYMENT_RATE_ETH_USD); choose one of BTC, USDT.', code: 'invalid_input', field: 'currency' });
    const sol = await checkout(owner.cookie, { plan: 'pro', currency: 'SOL' });
    expect(sol.json()).toEqual({ error: 'currency: SOL is not accepted here; choose one of BTC, USDT.', code: 'invalid_input', field: 'currency' });
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/checkout', payload: { plan: 'pro', currency: 'BTC' } })).statusCode).toBe(401);
  });

  it('answers a plain member 403 with a sentence, and another team’s invoice 404', async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(clock.now().getTime() + 5 * DAY), plan: 'starter' });
    t.userDataChanges.changed();
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, member, 'member');
    const outsider = await signUp(t.app);
    const invoice = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();

    const memberCheckout = await checkout(member.cookie, { plan: 'pro', currency: 'BTC' });
    const refusal = { error: "Only your team's owner or an admin can buy a plan or see its invoices. Ask your team's owner to upgrade.", code: 'forbidden' };
    expect(memberCheckout.statusCode).toBe(403);
    expect(memberCheckout.json()).toEqual(refusal);
    expect((await getInvoice(member.cookie, invoice.invoiceId)).json()).toEqual(refusal);
    const stranger = await getInvoice(outsider.cookie, invoice.invoiceId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'That invoice was not found.', code: 'not_found' });
  });

  it('Mark received pays the invoice once: plan and seats at once for every member, one payment, one audit entry, one receipt', async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(clock.now().getTime() + 1000), plan: 'starter' });
    t.userDataChanges.changed();
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, member, 'member');
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: null, plan: null });
    t.userDataChanges.changed();
    expect((await subscriptionOf(member.cookie)).isPremium).toBe(false);

    const invoice = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();
    const revenueBefore = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin })).json().revenueStats.totalUSD;
    const confirmed = await markReceived(invoice.invoiceId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ invoiceId: invoice.invoiceId, status: 'paid', confirmedBy: 'root', paidAt: clock.now().toISOString() });
    const end = new Date(clock.now().getTime() + 30 * DAY).toISOString();
    expect(confirmed.json().periodEnd).toBe(end);

    // The member sees it on their next request, without signing in again.
    expect(await subscriptionOf(member.cookie)).toMatchObject({ isPremium: true, expiresAt: end, plan: 'pro' });
    expect((await teamOf(t.database.db, owner.user.id)).plan).toBe('pro');

    const again = await markReceived(invoice.invoiceId);
    expect(again.json().status).toBe('paid');
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil?.toISOString()).toBe(end);
    const rows = await t.database.db.select().from(payments).where(eq(payments.txHash, `invoice:${invoice.invoiceId}`));
    expect(rows.map((r) => [r.status, r.amountUsd, r.plan, r.cryptocurrency])).toEqual([['confirmed', '199.00', 'pro', 'BTC']]);
    const revenueAfter = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin })).json().revenueStats.totalUSD;
    expect(revenueAfter - revenueBefore).toBe(199);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin });
    const entries = (audit.json().entries as { action: string; details: Record<string, unknown> | null }[]).filter((e) => e.action === 'confirm_invoice' && e.details?.invoiceId === invoice.invoiceId);
    expect(entries).toHaveLength(1);
  });

  it('the signed webhook pays by invoiceId with the invoice’s plan and price, whatever the body names', async () => {
    const owner = await signUp(t.app);
    const invoice = (await checkout(owner.cookie, { plan: 'starter', currency: 'USDT' })).json();
    const response = await webhook({ eventId: `evt-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'confirmed', plan: 'pro', amountUSD: '1.00', cryptocurrency: 'BTC', teamId: '00000000-0000-4000-8000-000000000000' });
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const team = await teamOf(t.database.db, owner.user.id);
    expect(team.plan).toBe('starter');
    expect(team.premiumUntil?.toISOString()).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());
    const rows = await t.database.db.select().from(payments).where(eq(payments.txHash, `invoice:${invoice.invoiceId}`));
    expect(rows.map((r) => [r.amountUsd, r.plan, r.cryptocurrency, r.amount])).toEqual([['49.00', 'starter', 'USDT', `${invoice.amount}00`]]);
    expect((await webhook({ eventId: `evt-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'confirmed' })).json()).toEqual({ received: true, duplicate: true });
  });

  it('an expired invoice cannot be paid, by the admin or by the webhook', async () => {
    const owner = await signUp(t.app);
    const invoice = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();
    clock.advance(61 * 60_000);
    expect((await getInvoice(owner.cookie, invoice.invoiceId)).json().status).toBe('expired');
    const refusal = { error: 'This invoice expired before it was paid and cannot be paid now. Create a new invoice.', code: 'conflict' };
    const byAdmin = await markReceived(invoice.invoiceId);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json()).toEqual(refusal);
    const byWebhook = await webhook({ eventId: `evt-late-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'confirmed' });
    expect(byWebhook.statusCode).toBe(409);
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil).toBeNull();
    expect(await t.database.db.select().from(payments).where(eq(payments.txHash, `invoice:${invoice.invoiceId}`))).toEqual([]);
  });

  it('concurrent confirmations grant one period', async () => {
    const owner = await signUp(t.app);
    const invoice = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => markReceived(invoice.invoiceId)),
      ...Array.from({ length: 4 }, (_, i) => webhook({ eventId: `evt-race-${i}-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'confirmed' })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil?.toISOString()).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());
    expect(await t.database.db.select().from(payments).where(eq(payments.txHash, `invoice:${invoice.invoiceId}`))).toHaveLength(1);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.invoiceId));
    expect(row!.status).toBe('paid');
  });

  it('lists invoices by state with totals for the admin, and only for the admin', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/invoices' });
    expect(refused.statusCode).toBe(401);
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/invoices?status=all', headers: admin })).json();
    const count = (status: string) => (all.invoices as { status: string }[]).filter((i) => i.status === status).length;
    expect(all.totals.paid.count).toBe(count('paid'));
    expect(all.totals.pending.count).toBe(count('pending'));
    expect(all.totals.expired.count).toBe(count('expired'));
    // Paid so far: Pro by Mark received, Starter by the webhook, Pro in the race.
    expect(all.totals.paid).toEqual({ count: 3, amountUSD: '447.00' });
    const paid = (await t.app.inject({ method: 'GET', url: '/api/admin/invoices?status=paid', headers: admin })).json();
    expect(new Set((paid.invoices as { status: string }[]).map((i) => i.status))).toEqual(new Set(['paid']));
    expect(paid.invoices).toHaveLength(3);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/invoices?status=sometime', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('charges a live promotion’s price and keeps the list price beside it', async () => {
    await t.app.inject({ method: 'POST', url: '/api/admin/deploy-promotion', headers: admin, payload: { action: 'lower_competitor_feature_prices' } });
    const owner = await signUp(t.app);
    const invoice = (await checkout(owner.cookie, { plan: 'pro', currency: 'USDT' })).json();
    expect(invoice.amountUSD).toBe('149.25');
    expect((await getInvoice(owner.cookie, invoice.invoiceId)).json()).toMatchObject({ amountUSD: '149.25', listPriceUSD: '199.00' });
    await t.app.inject({ method: 'POST', url: '/api/admin/promotions/pause-all', headers: admin });
  });

  it('refuses a plan with fewer seats than the team has members, naming how many must go, and sells it once they have', async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(clock.now().getTime() + 10 * DAY), plan: 'pro' });
    t.userDataChanges.changed();
    const members = [];
    for (let i = 0; i < 4; i++) {
      const member = await signUp(t.app);
      await joinTeam(t.app, owner, member, 'member');
      members.push(member);
    }
    const refused = await checkout(owner.cookie, { plan: 'starter', currency: 'BTC' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'The Starter plan has 3 seats and your team has 5 members. Remove 2 members before choosing Starter: nobody is removed without you choosing.',
      code: 'seat_limit',
    });
    const teamId = (await teamOf(t.database.db, owner.user.id)).id;
    expect(await t.database.db.select().from(invoices).where(eq(invoices.teamId, teamId))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: owner.cookie } })).json().members).toHaveLength(5);

    await t.app.inject({ method: 'DELETE', url: `/api/team/members/${members[0]!.user.id}`, headers: { cookie: owner.cookie } });
    expect((await checkout(owner.cookie, { plan: 'starter', currency: 'BTC' })).json().error).toBe(
      'The Starter plan has 3 seats and your team has 4 members. Remove 1 member before choosing Starter: nobody is removed without you choosing.',
    );
    await t.app.inject({ method: 'DELETE', url: `/api/team/members/${members[1]!.user.id}`, headers: { cookie: owner.cookie } });
    const sold = await checkout(owner.cookie, { plan: 'starter', currency: 'BTC' });
    expect(sold.statusCode).toBe(201);
    expect(sold.json().plan).toBe('starter');
  });

  it('a refund naming the invoiceId takes back the period it paid for, once; one for an unpaid invoice changes nothing', async () => {
    const owner = await signUp(t.app);
    const before = new Date(clock.now().getTime() + 5 * DAY);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: before, plan: 'starter' });
    const invoice = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();
    await markReceived(invoice.invoiceId);
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil?.toISOString()).toBe(new Date(before.getTime() + 30 * DAY).toISOString());

    const refund = await webhook({ eventId: `evt-refund-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'refunded', plan: 'starter', amountUSD: '1.00' });
    expect(refund.json()).toEqual({ received: true, duplicate: false });
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil?.toISOString()).toBe(before.toISOString());
    expect((await getInvoice(owner.cookie, invoice.invoiceId)).json().status).toBe('refunded');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.txHash, `invoice:${invoice.invoiceId}`));
    expect(payment!.status).toBe('refunded');
    const refunded = (await t.app.inject({ method: 'GET', url: '/api/admin/invoices?status=refunded', headers: admin })).json();
    expect(refunded.invoices.map((i: { invoiceId: string; status: string }) => [i.invoiceId, i.status])).toEqual([[invoice.invoiceId, 'refunded']]);
    expect(refunded.totals.refunded).toEqual({ count: 1, amountUSD: '199.00' });

    // Again under another event id, or confirmed again: the period is neither taken twice nor given back.
    expect((await webhook({ eventId: `evt-refund-2-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'refunded' })).statusCode).toBe(200);
    const reconfirm = await webhook({ eventId: `evt-reconfirm-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'confirmed' });
    expect(reconfirm.statusCode).toBe(409);
    expect(reconfirm.json()).toEqual({ error: 'This invoice was refunded and cannot be paid again. Create a new invoice.', code: 'conflict' });
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil?.toISOString()).toBe(before.toISOString());

    const unpaid = (await checkout(owner.cookie, { plan: 'pro', currency: 'BTC' })).json();
    expect((await webhook({ eventId: `evt-refund-${unpaid.invoiceId}`, invoiceId: unpaid.invoiceId, status: 'refunded' })).json()).toEqual({ received: true, duplicate: false });
    expect((await getInvoice(owner.cookie, unpaid.invoiceId)).json().status).toBe('pending');
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil?.toISOString()).toBe(before.toISOString());
  });
});

describe('billing receipts and the team’s invoices', () => {
  it('mails the owner one receipt, and lists the team’s invoices for its owner', async () => {
    const mails: MailMessage[] = [];
    const t = await createTestApp({
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, BUSINESS_WALLET_USDC: 'usdc-wallet-address-001', PUBLIC_URL },
      deps: { mailer: { send: async (message) => void mails.push(message), close: () => {} }, announce: () => {} },
    });
    try {
      const admin = await adminHeaders(t.app);
      const owner = await signUp(t.app);
      mails.length = 0;
      const invoice = (await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: owner.cookie }, payload: { plan: 'starter', currency: 'USDC' } })).json();
      await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${invoice.invoiceId}/confirm`, headers: admin });
      await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${invoice.invoiceId}/confirm`, headers: admin });
      await vi.waitFor(() => expect(mails).toHaveLength(1));
      expect(mails[0]!.to).toBe(owner.user.email);
      expect(mails[0]!.subject).toBe('Your Genie receipt: Starter plan');
      expect(mails[0]!.text).toContain(`Amount: $49.00 (${invoice.amount} USDC)`);
      expect(mails[0]!.text).toContain(`Printable receipt: ${PUBLIC_URL}/billing/${invoice.invoiceId}?receipt=1`);
      const list = (await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie: owner.cookie } })).json();
      expect(list.invoices.map((i: { invoiceId: string; status: string }) => [i.invoiceId, i.status])).toEqual([[invoice.invoiceId, 'paid']]);
      expect(list.plan).toBe('starter');
      expect(list.planEndsAt).toBe(list.invoices[0].periodEnd);
    } finally {
      await t.close();
    }
  });
});

describe('billing with nothing configured', () => {
  it('offers no checkout, and Subscribe Now keeps SPEC’s alert', async () => {
    const t = await createAdminTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/billing/options' })).json()).toEqual({ mode: null, currencies: [] });
      const owner = await signUp(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: owner.cookie }, payload: { plan: 'pro', currency: 'BTC' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'This Genie does not take payments yet: its operator has set no wallet address or payment processor. Contact the operator to upgrade.', code: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});
