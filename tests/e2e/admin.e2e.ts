import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminPage } from './pages/admin-page';
import { PremiumPage } from './pages/premium-page';
import { E2E_ADMIN, E2E_BTC_WALLET, E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { signedWebhookHeaders } from '../support/webhook';
import { launchBrowser, newContext, screenshot, uniqueUser, VIEWPORTS } from './support/browser';

describe('the admin console', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  const open = async (viewport: keyof typeof VIEWPORTS = 'desktop') => {
    const context = await newContext(browser, baseURL, viewport);
    contexts.push(context);
    return context.newPage();
  };

  /** A user who paid: a signed webhook from the "processor", and a demo request from a visitor. */
  async function seed(page: Awaited<ReturnType<typeof open>>) {
    const user = uniqueUser();
    const signup = await page.request.post('/api/auth/signup', { data: user });
    const { user: created } = (await signup.json()) as { user: { id: string } };
    const body = JSON.stringify({
      eventId: `evt-${user.username}`, userId: created.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0x${user.username}`,
    });
    const webhook = await page.request.post('/api/payments/webhook', {
      headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, body),
      data: body,
    });
    expect(webhook.status()).toBe(200);
    const name = `Visitor ${user.username}`;
    const demo = await page.request.post('/api/demo-requests', { data: { name, email: user.email, usecase: 'data-analysis' } });
    expect(demo.status()).toBe(201);
    return { name, txHash: `0x${user.username}` };
  }

  it('sends a visitor without a token to the login page, which refuses a wrong password', async () => {
    const page = await open();
    await page.goto('/admin');
    // SPEC §2: 'Please log in' with Go to Login shows first (issue 18), then the login page opens by itself.
    await page.getByRole('heading', { name: 'Please log in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Go to Login' }).count()).toBe(1);
    await page.waitForURL('**/admin/login');
    const admin = new AdminPage(page);
    await page.getByText('Admin Access').waitFor();
    expect(await admin.submitButton().isDisabled()).toBe(true);
    await admin.usernameInput().fill(E2E_ADMIN.username);
    expect(await admin.submitButton().isDisabled()).toBe(true);
    await admin.passwordInput().fill('wrong password');
    expect(await admin.passwordInput().getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await admin.passwordInput().getAttribute('type')).toBe('text');
    expect(await page.getByText('All access attempts are logged and monitored.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'admin-login-desktop');
    await admin.submitButton().click();
    expect(await admin.toastText('Authentication Failed')).toBe('Authentication Failed Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('signs in, shows every tab from real data, deploys a promotion users see, marks a demo request and logs out', async () => {
    const page = await open();
    const { name, txHash } = await seed(page);
    const admin = new AdminPage(page);
    await admin.openLogin();
    await admin.signIn(E2E_ADMIN);
    await page.waitForURL('**/admin');
    expect(await admin.toastText('Welcome back')).toBe(`Welcome back, ${E2E_ADMIN.username}! You are signed in to the admin dashboard.`);
    expect(await page.evaluate(() => localStorage.getItem('genieAdminToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByText('Live Data').waitFor();

    // Overview
    await page.getByText('Revenue Trends').waitFor();
    const overview = await admin.panel().innerText();
    expect(overview).toContain('Total Revenue');
    expect(overview).toMatch(/\$\d[\d,]*\.\d\d/);
    await screenshot(page, 'admin-overview-desktop');

    // Crypto Payments: the webhook's payment, in green, and the configured wallet with Copy.
    await admin.openTab('Crypto Payments');
    const payment = admin.panel().locator('li').filter({ hasText: txHash.slice(0, 18) });
    await payment.waitFor();
    expect(await payment.innerText()).toContain('0.00081234 BTC');
    expect(await payment.locator('span', { hasText: /^confirmed$/ }).getAttribute('class')).toContain('bg-emerald-100');
    expect(await admin.panel().getByText(E2E_BTC_WALLET).count()).toBe(1);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy BTC address' }).click();
    expect(await admin.toastText('Copied!')).toBe('Copied! BTC address copied to clipboard');
    await screenshot(page, 'admin-payments-desktop');

    // Demo Requests: Mark Contacted sends SPEC's note.
    await admin.openTab('Demo Requests');
    const request = page.getByTestId('demo-request').filter({ hasText: name });
    await request.waitFor();
    expect(await request.getByText('new', { exact: true }).count()).toBe(1);
    await request.getByRole('button', { name: 'Mark Contacted' }).click();
    await request.getByText('Notes: Contacted via email').waitFor();
    expect(await request.getByText('contacted', { exact: true }).count()).toBe(1);
    await screenshot(page, 'admin-demo-requests-desktop');

    for (const [tab, text] of [
      ['Analytics', 'Total Interactions'],
      ['Users', 'Premium Conversion'],
      ['File Storage', 'Usage by File Type'],
      ['System', 'API Endpoints'],
    ] as const) {
      await admin.openTab(tab);
      await admin.panel().getByText(text).first().waitFor();
      await screenshot(page, `admin-${tab.toLowerCase().replace(' ', '-')}-desktop`);
    }
    expect(await page.getByTestId('system-api').innerText()).toContain('Online');
    expect(await page.getByTestId('system-payments').innerText()).toContain('Online');
    await admin.openTab('Users');
    expect(await admin.panel().getByRole('progressbar', { name: 'Premium conversion' }).count()).toBe(1);

    // Promotions: deploy the flash sale, see it on /premium, then Pause All ends it.
    await admin.openTab('Promotions');
    await page.getByRole('button', { name: 'Deploy Flash Sale' }).click();
    expect(await admin.toastText('Campaign Deployed!')).toBe('Campaign Deployed! Flash Sale is now active');
    await page.getByTestId('active-campaigns').filter({ hasText: /^1$/ }).waitFor();
    await screenshot(page, 'admin-promotions-desktop');
    const visitor = await open();
    const premium = new PremiumPage(visitor);
    await premium.open();
    await premium.card('starter').getByText('20% off with Flash Sale').waitFor();
    expect(await premium.card('starter').getByTestId('original-price').textContent()).toBe('Was $49');
    // Pause All asks first (issue 18); Cancel leaves the campaign running.
    await page.getByRole('button', { name: 'Pause All' }).click();
    await page.getByRole('dialog', { name: 'Pause every campaign?' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('active-campaigns').filter({ hasText: /^1$/ }).waitFor();
    await page.getByRole('button', { name: 'Pause All' }).click();
    await page.getByRole('dialog', { name: 'Pause every campaign?' }).getByRole('button', { name: 'Pause all campaigns' }).click();
    expect(await admin.toastText('Campaigns Paused')).toBe('Campaigns Paused Paused 1 campaign.');
    await page.getByTestId('active-campaigns').filter({ hasText: /^0$/ }).waitFor();
    await premium.open();
    await premium.card('starter').getByText('Billed monthly').waitFor();

    // Logout revokes the token on the server and removes it here.
    const token = await page.evaluate(() => localStorage.getItem('genieAdminToken'));
    await admin.logout();
    expect(await page.evaluate(() => localStorage.getItem('genieAdminToken'))).toBeNull();
    const after = await page.request.get('/api/admin/dashboard', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
  });

  it('sends the admin back to the login page when the token stops working', async () => {
    const page = await open();
    await page.goto('/admin/login');
    await page.evaluate(() => localStorage.setItem('genieAdminToken', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('genieAdminToken'))).toBeNull();
  });

  it('looks finished at phone width', async () => {
    const page = await open('phone');
    const admin = new AdminPage(page);
    await admin.openLogin();
    await screenshot(page, 'admin-login-phone');
    await admin.signIn(E2E_ADMIN);
    await page.waitForURL('**/admin');
    await page.getByText('Revenue Trends').waitFor();
    await screenshot(page, 'admin-overview-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS.phone.width);
    await admin.openTab('Promotions');
    await page.getByText('Campaign Manager').waitFor();
    await screenshot(page, 'admin-promotions-phone');
    await admin.openTab('Crypto Payments');
    await page.getByText('Business Wallets').waitFor();
    await screenshot(page, 'admin-payments-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS.phone.width);
  });
});
