import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { AdminPage } from './pages/admin-page';
import { AuthPage } from './pages/auth-page';
import { BillingPage } from './pages/billing-page';
import { PremiumPage } from './pages/premium-page';
import { E2E_ADMIN, E2E_BTC_WALLET, E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenForReview, screenshot, uniqueUser, type VIEWPORTS } from './support/browser';
import { useBrowser } from './support/browser-hooks';
import { usePayingGenie } from './support/paying-genie';

/**
 * Issue 41 end to end, on a Genie of its own that takes payments straight to its BTC wallet (the
 * shared server has no rate set, so its Subscribe Now keeps SPEC's alert: public-site.e2e.ts).
 */
describe('billing: an owner pays for Pro and the whole team has it', () => {
  const genieURL = usePayingGenie();
  const browser = useBrowser(genieURL);

  const open = (viewport: keyof typeof VIEWPORTS): Promise<Page> => browser.page({ viewport });

  /** A member in the owner's team while it is on Free: bought Starter, invited them, then refunded. */
  async function teamWithAMember(ownerPage: Page, memberPage: Page) {
    const owner = uniqueUser();
    await new AuthPage(ownerPage).signUp(owner);
    await ownerPage.waitForURL(`${genieURL()}/chat`);
    const me = (await (await ownerPage.request.get('/api/auth/me')).json()) as { user: { id: string } };
    const pay = async (status: string) => {
      const body = JSON.stringify({ eventId: `evt-${status}-${owner.username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00075385', amountUSD: '49.00', status, plan: 'starter', txHash: `0xbill${owner.username}` });
      expect((await ownerPage.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, body), data: body })).status()).toBe(200);
    };
    await pay('confirmed');
    const member = uniqueUser();
    await new AuthPage(memberPage).signUp(member);
    await memberPage.waitForURL(`${genieURL()}/chat`);
    const invited = await ownerPage.request.post('/api/team/invitations', { data: { email: member.email, role: 'member' } });
    const token = ((await invited.json()) as { url: string }).url.split('/invite/')[1]!;
    expect((await memberPage.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
    await pay('refunded');
    return owner;
  }

  /** Pays a `plan` invoice for the signed-in owner through the signed webhook naming its invoiceId. */
  async function payInvoice(ownerPage: Page, plan: 'starter' | 'pro') {
    const invoice = (await (await ownerPage.request.post('/api/billing/checkout', { data: { plan, currency: 'BTC' } })).json()) as { invoiceId: string };
    const body = JSON.stringify({ eventId: `evt-paid-${invoice.invoiceId}`, invoiceId: invoice.invoiceId, status: 'confirmed' });
    expect((await ownerPage.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, body), data: body })).status()).toBe(200);
    return invoice.invoiceId;
  }

  /** A new account, signed up through the API in a context of its own, that joins the owner's team. */
  async function addMember(ownerPage: Page, viewport: keyof typeof VIEWPORTS) {
    const page = await open(viewport);
    const member = uniqueUser();
    expect((await page.request.post('/api/auth/signup', { data: member })).status()).toBe(201);
    const invited = await ownerPage.request.post('/api/team/invitations', { data: { email: member.email, role: 'member' } });
    const token = ((await invited.json()) as { url: string }).url.split('/invite/')[1]!;
    expect((await page.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
    return member;
  }

  const subscription = async (page: Page) => (await (await page.request.get('/api/user/subscription')).json()) as { isPremium: boolean; plan: string | null };

  for (const viewport of ['phone', 'laptop'] as const) {
    it(`at ${viewport} width: Subscribe Now → invoice with address and QR → admin marks it received → "Pro is active" without a reload`, async () => {
      const ownerPage = await open(viewport);
      const memberPage = await open(viewport);
      await teamWithAMember(ownerPage, memberPage);
      expect(await subscription(memberPage)).toMatchObject({ isPremium: false });

      const premium = new PremiumPage(ownerPage);
      await premium.open('pro');
      await ownerPage.getByLabel('Pay with').waitFor();
      await premium.subscribe('Pro');
      const invoice = new BillingPage(ownerPage);
      await invoice.waitOpen();
      expect(await invoice.address('BTC')).toBe(E2E_BTC_WALLET);
      // 199 / 65000 BTC rounded up to the satoshi, plus this invoice's own 1 to 999 satoshis.
      const sats = Math.round(Number(await invoice.amount('BTC')) * 1e8);
      expect(sats).toBeGreaterThan(306_154);
      expect(sats).toBeLessThanOrEqual(306_154 + 999);
      await invoice.qr().waitFor();
      await ownerPage.getByText('Waiting for payment').waitFor();
      await ownerPage.getByRole('timer').waitFor();
      await screenshot(ownerPage, `billing-invoice-${viewport}`);
      await ownerPage.emulateMedia({ colorScheme: 'dark' });
      // Buttons ease their colours over 150 ms: let them arrive before the picture.
      await ownerPage.waitForTimeout(400);
      await screenshot(ownerPage, `billing-invoice-${viewport}-dark`);
      await ownerPage.emulateMedia({ colorScheme: 'light' });

      // The admin, in another browser context, finds the invoice by its amount and marks it received.
      const adminPage = await open('laptop');
      const admin = new AdminPage(adminPage);
      await admin.openLogin();
      await admin.signIn(E2E_ADMIN);
      await admin.tab('Crypto Payments').waitFor();
      await admin.openTab('Crypto Payments');
      const amount = await invoice.amount('BTC');
      await adminPage.getByRole('button', { name: `Mark received: ${amount} BTC`, exact: false }).click();
      await adminPage.getByText('Marked received').first().waitFor();
      await screenshot(adminPage, `billing-admin-${viewport}`);

      // The owner's page polls: it turns by itself.
      await ownerPage.getByText('Pro is active').waitFor({ timeout: 15_000 });
      await screenshot(ownerPage, `billing-paid-${viewport}`);
      await ownerPage.emulateMedia({ colorScheme: 'dark' });
      // Buttons ease their colours over 150 ms: let them arrive before the picture.
      await ownerPage.waitForTimeout(400);
      await screenshot(ownerPage, `billing-paid-${viewport}-dark`);
      await ownerPage.emulateMedia({ colorScheme: 'light' });
      // The member is Premium on their next request, without signing in again.
      expect(await subscription(memberPage)).toMatchObject({ isPremium: true, plan: 'pro' });
      await ownerPage.goto('/team');
      await ownerPage.getByRole('heading', { name: 'Plan and invoices' }).waitFor();
      await screenshot(ownerPage, `billing-team-${viewport}`);
      // /team does not scroll sideways (it was 406 px wide at 390: a long team name widened its card).
      expect((await screenForReview(ownerPage)).sidewaysOverflow).toBe(0);
    }, 120_000);
  }

  for (const viewport of ['phone', 'laptop'] as const) {
    it(`at ${viewport} width: Starter for a team of four asks whom to remove, then makes the invoice; a week before the end the banner renews in one click`, async () => {
      const ownerPage = await open(viewport);
      expect((await ownerPage.request.post('/api/auth/signup', { data: uniqueUser() })).status()).toBe(201);
      const firstInvoice = await payInvoice(ownerPage, 'pro');
      const members = [await addMember(ownerPage, viewport), await addMember(ownerPage, viewport), await addMember(ownerPage, viewport)];

      const premium = new PremiumPage(ownerPage);
      await premium.open('starter');
      await ownerPage.getByLabel('Pay with').waitFor();
      await premium.subscribe('Starter');
      const dialog = ownerPage.getByRole('dialog', { name: 'Choose whom to remove' });
      await dialog.getByText('The Starter plan has 3 seats and your team has 4 members. Choose 1 to remove before you continue; nobody else is removed.').waitFor();
      expect(await dialog.getByRole('checkbox').count()).toBe(3);
      expect(await dialog.getByRole('button', { name: 'Choose 1 more' }).isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: members[1]!.username }).check();
      await screenshot(ownerPage, `billing-remove-members-${viewport}`);
      await dialog.getByRole('button', { name: 'Remove 1 and continue' }).click();
      const invoice = new BillingPage(ownerPage);
      await invoice.waitOpen();
      await ownerPage.getByRole('heading', { level: 1, name: 'Genie Starter, one month' }).waitFor();
      const team = (await (await ownerPage.request.get('/api/team')).json()) as { members: { username: string }[] };
      expect(team.members.map((m) => m.username)).toEqual(expect.arrayContaining([members[0]!.username, members[2]!.username]));
      expect(team.members.map((m) => m.username)).not.toContain(members[1]!.username);
      expect(team.members).toHaveLength(3);

      // The browser's clock 25 days on: the Pro month paid above ends in five days.
      await ownerPage.clock.setFixedTime(new Date(Date.now() + 25 * 24 * 3600 * 1000));
      await ownerPage.goto('/team');
      const banner = ownerPage.getByRole('alert').filter({ hasText: 'Renew now' });
      await banner.waitFor();
      await screenshot(ownerPage, `billing-renewal-banner-${viewport}`);
      await banner.getByRole('button', { name: 'Renew for one month' }).click();
      await invoice.waitOpen();
      expect(invoice.invoiceId()).not.toBe(firstInvoice);
      await ownerPage.getByRole('heading', { level: 1, name: 'Genie Pro, one month' }).waitFor();
      await ownerPage.getByText('Waiting for payment').waitFor();
    }, 120_000);
  }
});
