import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/commerce';
import { signUp, type TestApp } from '../../../tests/support/test-app';
import { createAdminTestApp } from '../../../tests/support/admin-app';
import { teamOf } from '../../../tests/support/teams';
import { startFakeBtcpayServer } from '../../../tests/fakes/fake-btcpay-server';

const DAY = 24 * 3600 * 1000;
const STORE = 'GenieStore7xq';
const API_KEY = 'btcpay-api-key-0123456789abcdef';
const SECRET = 'btcpay-webhook-secret-abcdef012345';

describe('billing through BTCPay Server (Greenfield protocol peer on loopback)', () => {
  let t: TestApp;
  let btcpay: Awaited<ReturnType<typeof startFakeBtcpayServer>>;
  beforeAll(async () => {
    btcpay = await startFakeBtcpayServer({ storeId: STORE, apiKey: API_KEY, webhookSecret: SECRET });
    t = await createAdminTestApp({
      env: { BTCPAY_URL: btcpay.url, BTCPAY_STORE_ID: STORE, BTCPAY_API_KEY: API_KEY, BTCPAY_WEBHOOK_SECRET: SECRET, BILLING_INVOICE_MINUTES: '30' },
    });
  });
  afterAll(async () => {
    await t.close();
    await btcpay.close();
  });

  const checkout = async (cookie: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload: { plan: 'pro', currency: 'BTC' } });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const deliver = (delivery: { raw: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/billing/btcpay/webhook', headers: delivery.headers, payload: delivery.raw });
  const processorIdOf = async (invoiceId: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.processorInvoiceId!;

  it('creates the invoice through Greenfield in USD and links to its checkout', async () => {
    const owner = await signUp(t.app);
    const before = btcpay.requests.length;
    const invoice = await checkout(owner.cookie);
    const [create, methods] = btcpay.requests.slice(before);
    expect(create).toMatchObject({
      method: 'POST',
      url: `/api/v1/stores/${STORE}/invoices`,
      authorization: `token ${API_KEY}`,
      body: { amount: '199.00', currency: 'USD', metadata: { orderId: invoice.invoiceId }, checkout: { expirationMinutes: 30 } },
    });
    expect(methods?.url).toBe(`/api/v1/stores/${STORE}/invoices/${await processorIdOf(invoice.invoiceId)}/payment-methods`);
    const peer = btcpay.invoices.get(await processorIdOf(invoice.invoiceId))!;
    expect(invoice).toEqual({
      invoiceId: invoice.invoiceId,
      plan: 'pro',
      amountUSD: '199.00',
      currency: 'BTC',
      amount: '0.00306154',
      address: `bcrt1qfake${peer.id.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      expiresAt: new Date(peer.expirationTime * 1000).toISOString(),
      status: 'pending',
      checkoutUrl: `${btcpay.url}/i/${peer.id}`,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/options' })).json().mode).toBe('btcpay');
  });

  it('InvoiceSettled pays the invoice once and activates the plan', async () => {
    const owner = await signUp(t.app);
    const invoice = await checkout(owner.cookie);
    const processorId = await processorIdOf(invoice.invoiceId);
    const first = await deliver(btcpay.webhook('InvoiceSettled', processorId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const redelivered = await deliver(btcpay.webhook('InvoiceSettled', processorId));
    expect(redelivered.json()).toEqual({ received: true, applied: false });
    const team = await teamOf(t.database.db, owner.user.id);
    expect(team.plan).toBe('pro');
    expect(team.premiumUntil!.getTime() - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
    expect(await t.database.db.select().from(payments).where(eq(payments.txHash, `invoice:${invoice.invoiceId}`))).toHaveLength(1);
    const view = await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoice.invoiceId}`, headers: { cookie: owner.cookie } });
    expect(view.json()).toMatchObject({ status: 'paid', mode: 'btcpay' });
  });

  it('InvoiceExpired and InvoiceInvalid end a pending invoice without a plan', async () => {
    const owner = await signUp(t.app);
    const expiring = await checkout(owner.cookie);
    expect((await deliver(btcpay.webhook('InvoiceExpired', await processorIdOf(expiring.invoiceId)))).json()).toEqual({ received: true, applied: true });
    const invalid = await checkout(owner.cookie);
    const invalidId = await processorIdOf(invalid.invoiceId);
    expect((await deliver(btcpay.webhook('InvoiceInvalid', invalidId))).json()).toEqual({ received: true, applied: true });
    // A settlement after BTCPay called it invalid changes nothing.
    expect((await deliver(btcpay.webhook('InvoiceSettled', invalidId))).json()).toEqual({ received: true, applied: false });
    const statuses = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${id}`, headers: { cookie: owner.cookie } })).json().status;
    expect([await statuses(expiring.invoiceId), await statuses(invalid.invoiceId)]).toEqual(['expired', 'invalid']);
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil).toBeNull();
  });

  it('refuses a forged BTCPay signature with 401 and pays nothing', async () => {
    const owner = await signUp(t.app);
    const invoice = await checkout(owner.cookie);
    const processorId = await processorIdOf(invoice.invoiceId);
    const forged = await deliver(btcpay.webhook('InvoiceSettled', processorId, 'not-the-webhook-secret-000000'));
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/billing/btcpay/webhook', headers: { 'content-type': 'application/json' }, payload: btcpay.webhook('InvoiceSettled', processorId).raw });
    for (const response of [forged, unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'The BTCPay-Sig signature is missing or does not match.', code: 'invalid_signature' });
    }
    expect((await teamOf(t.database.db, owner.user.id)).premiumUntil).toBeNull();
  });

  it('answers 502 with a sentence when BTCPay refuses the key, and records no invoice', async () => {
    const other = await createAdminTestApp({ env: { BTCPAY_URL: btcpay.url, BTCPAY_STORE_ID: STORE, BTCPAY_API_KEY: 'wrong-key', BTCPAY_WEBHOOK_SECRET: SECRET } });
    try {
      const owner = await signUp(other.app);
      const response = await other.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: owner.cookie }, payload: { plan: 'starter', currency: 'BTC' } });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: 'The payment processor (BTCPay Server) could not create the invoice: it answered 401. Try again in a minute.', code: 'provider_failed' });
      expect(await other.database.db.select().from(invoices)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
