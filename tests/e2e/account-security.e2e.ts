import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { AdminPage } from './pages/admin-page';
import { AuthPage } from './pages/auth-page';
import { E2E_ADMIN } from './support/admin-credentials';
import { launchBrowser, newContext, screenForReview, screenshot, uniqueUser, VIEWPORTS } from './support/browser';
import { startGenie, type RunningGenie } from './support/genie-server';
import { freePort } from '../support/free-port';

/**
 * Password reset by mail and single sign-on, against a Genie of its own that has SMTP (a real
 * SMTP server on loopback) and OIDC (the certified oidc-provider on loopback) configured.
 */
describe('account security in the browser', () => {
  let browser: Browser;
  let inbox: SmtpInbox;
  let provider: TestOidcProvider;
  let genie: RunningGenie;
  let dataDir: string;
  let baseURL: string;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    inbox = await startSmtpInbox();
    provider = await startOidcProvider({
      redirectUris: [`${baseURL}/api/auth/oidc/callback`],
      accounts: {
        ana: { email: `ana${process.pid}@acme.test`, email_verified: true, name: 'Ana' },
        // Accounts made by single sign-on that erase themselves (each its own domain's team).
        zoe: { email: `zoe${process.pid}@zoe.test`, email_verified: true },
        yan: { email: `yan${process.pid}@yan.test`, email_verified: true },
      },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'genie-e2e-security-'));
    genie = await startGenie({
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      CLIENT_DIR: inject('clientDir'),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Genie <genie@genie.test>',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_DISPLAY_NAME: 'Acme ID',
      ADMIN_USERNAME: 'security-admin',
      ADMIN_PASSWORD: 'a security admin passphrase',
    }, 180_000);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await genie?.stop();
    await provider?.close();
    await inbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const contextAt = (viewport: keyof typeof VIEWPORTS, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> =>
    newContext(browser, baseURL, viewport, { colorScheme });

  for (const [viewport, colorScheme] of [['phone', 'light'], ['desktop', 'dark']] as const) {
    it(`resets a forgotten password through the link in the mail (${viewport}, ${colorScheme})`, async () => {
      const context = await contextAt(viewport, colorScheme);
      const page = await context.newPage();
      const user = uniqueUser();
      await new AuthPage(page).signUp(user);
      await page.waitForURL(`${baseURL}/chat`);
      await page.context().clearCookies();

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(`${baseURL}/forgot-password`);
      await page.getByLabel('Email').fill(user.email);
      await screenshot(page, `forgot-password-${viewport}-${colorScheme}`);
      const seen = inbox.messages.length;
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
      await screenshot(page, `forgot-password-sent-${viewport}-${colorScheme}`);

      // Sign-up's verification mail may land after `seen`: take the next reset mail.
      let mail = await inbox.next(seen);
      for (let at = seen + 1; mail.subject !== 'Reset your Genie password'; at++) mail = await inbox.next(at);
      expect(mail.to).toEqual([user.email]);
      const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('a fresh private phrase');
      await page.getByLabel('New password again').fill('a fresh private phrase');
      await screenshot(page, `reset-password-${viewport}-${colorScheme}`);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('heading', { name: 'Password changed' }).waitFor();

      // The same link does not work twice.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('yet another phrase here');
      await page.getByLabel('New password again').fill('yet another phrase here');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toContain('This reset link is not valid');
      await screenshot(page, `reset-password-used-${viewport}-${colorScheme}`);

      const auth = new AuthPage(page);
      await auth.signIn({ email: user.email, password: user.password });
      expect(await auth.errorText()).toBe('The email or password is incorrect.');
      await auth.signIn({ email: user.email, password: 'a fresh private phrase' }, '');
      await page.waitForURL(`${baseURL}/chat`);
      await context.close();
    });
  }

  for (const [viewport, colorScheme] of [['desktop', 'light'], ['phone', 'dark']] as const) {
    it(`signs in with the OpenID provider and shows the sessions on the Security tab (${viewport}, ${colorScheme})`, async () => {
      const context = await contextAt(viewport, colorScheme);
      const page = await context.newPage();
      await page.goto('/login?next=%2Fprofile');
      await page.getByRole('link', { name: 'Sign in with Acme ID' }).waitFor();
      await screenshot(page, `login-sso-${viewport}-${colorScheme}`);
      await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
      // The provider's own sign-in form, on its own origin.
      await page.waitForURL(`${provider.issuer}/**`);
      await page.locator('input[name="login"]').fill('ana');
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.waitForURL(`${baseURL}/profile`);
      const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
      expect(me.user.email).toBe(`ana${process.pid}@acme.test`);

      await page.getByRole('tab', { name: 'Security' }).click();
      const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
      await sessions.first().waitFor();
      // Ana signed in at the other width too: that session is listed, and only this one is this device.
      expect(await sessions.filter({ hasText: 'This device' }).count()).toBe(1);
      await screenshot(page, `profile-security-${viewport}-${colorScheme}`);
      await context.close();
    });
  }

  for (const [viewport, colorScheme, login] of [['phone', 'light', 'zoe'], ['desktop', 'dark', 'yan']] as const) {
    it(`erases an account without a password after a fresh sign-in at the provider (${viewport}, ${colorScheme})`, async () => {
      const context = await contextAt(viewport, colorScheme);
      const page = await context.newPage();
      const atProvider = async () => {
        await page.waitForURL(`${provider.issuer}/**`);
        await page.locator('input[name="login"]').fill(login);
        await page.locator('input[name="password"]').fill('any password');
        await page.getByRole('button', { name: 'Sign-in' }).click();
      };
      await page.goto('/login?next=%2Fprofile');
      await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
      await atProvider();
      await page.waitForURL(`${baseURL}/profile`);

      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('button', { name: 'Erase my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase your account?' });
      await dialog.getByText('Your account has no password.').waitFor();
      await screenshot(page, `erase-sso-confirm-${viewport}-${colorScheme}`);
      await dialog.getByRole('link', { name: 'Confirm with Acme ID' }).click();
      // The provider asks again (prompt=login), although its own session is still alive.
      await atProvider();
      await page.waitForURL(`${baseURL}/profile?tab=settings&erase=confirm`);
      await dialog.getByText('Confirmed with Acme ID.').waitFor();
      await screenshot(page, `erase-sso-confirmed-${viewport}-${colorScheme}`);
      await dialog.getByRole('button', { name: 'Erase everything' }).click();
      await page.waitForURL(`${baseURL}/`);
      const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
      expect(me).toBe(401);
      await context.close();
    });
  }

  it('an admin mails a user a password reset from the Users tab (desktop), and it is in the Audit tab', async () => {
    const user = uniqueUser();
    const signUpContext = await contextAt('phone');
    await new AuthPage(await signUpContext.newPage()).signUp(user);
    await signUpContext.close();

    const context = await contextAt('desktop');
    const page = await context.newPage();
    const admin = new AdminPage(page);
    await admin.openLogin();
    await admin.signIn({ username: 'security-admin', password: 'a security admin passphrase' });
    await admin.openTab('Users');
    const row = admin.panel().getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: user.email });
    // The newest account is on the first page before any search.
    await row.waitFor();
    await screenshot(page, 'admin-user-actions-desktop-light');
    const seen = inbox.messages.length;
    const searched = page.waitForResponse((response) => response.url().includes('/api/admin/users?') && response.url().includes('search='));
    await admin.panel().getByPlaceholder('Search by email or username').fill(user.email);
    // The app's own confirm dialog, not the browser's (issue 42). It is opened before the typed search
    // has settled and stays open once the search's answer comes: CI caught the list swapped for
    // "Loading..." there, the dialog unmounted under the admin's click.
    await row.getByRole('button', { name: 'Send reset' }).click();
    await searched;
    await page.getByRole('dialog', { name: 'Send a password reset?' }).getByRole('button', { name: 'Send reset' }).click();
    expect(await admin.toastText('Reset link sent')).toBe(`Reset link sent A reset link was mailed to ${user.email}. It works once, for one hour.`);
    const mail = await inbox.next(seen);
    expect([mail.to, mail.subject]).toEqual([[user.email], 'Reset your Genie password']);
    await admin.openTab('Audit');
    await admin.panel().getByText(user.email).first().waitFor();
    expect(await admin.panel().getByText('Sent a password reset').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('signs another session out from the Security tab, at phone width and in dark mode', async () => {
    const user = uniqueUser();
    const other = await contextAt('desktop');
    const otherPage = await other.newPage();
    await new AuthPage(otherPage).signUp(user);
    await otherPage.waitForURL(`${baseURL}/chat`);

    const context = await contextAt('phone', 'dark');
    const page = await context.newPage();
    await new AuthPage(page).signIn(user);
    await page.waitForURL(`${baseURL}/chat`);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    const rows = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await rows.nth(1).waitFor();
    await screenshot(page, 'profile-security-phone-dark');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Sessions"] li').length === 1);
    const status = await otherPage.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(status).toBe(401);
    await other.close();
    await context.close();
  });

  it('tells an admin of a Genie without mail to reset on the server (phone, dark; the shared server has no SMTP_URL)', async () => {
    const shared = inject('baseURL');
    const user = uniqueUser();
    const context = await newContext(browser, shared, 'phone', { colorScheme: 'dark' });
    const page = await context.newPage();
    await new AuthPage(page).signUp(user);
    await page.waitForURL(`${shared}/chat`);
    await context.clearCookies();
    const admin = new AdminPage(page);
    await admin.openLogin();
    await admin.signIn(E2E_ADMIN);
    await admin.openTab('Users');
    await admin.panel().getByPlaceholder('Search by email or username').fill(user.email);
    const row = admin.panel().getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: user.email });
    await row.waitFor();
    await screenshot(page, 'admin-user-actions-phone-dark');
    // The app's own confirm dialog, not the browser's (issue 42).
    await row.getByRole('button', { name: 'Send reset' }).click();
    await page.getByRole('dialog', { name: 'Send a password reset?' }).getByRole('button', { name: 'Send reset' }).click();
    expect(await admin.toastText('No reset link sent')).toBe(
      `No reset link sent This Genie sends no mail (SMTP_URL is not set), so no link can be mailed. Reset the password on the server with: npm run user -- reset-password ${user.email}`,
    );
    await context.close();
  });

  it('sends people to the operator when this Genie sends no mail (the shared server has no SMTP_URL)', async () => {
    for (const [viewport, colorScheme] of [['phone', 'light'], ['desktop', 'dark']] as const) {
      const context = await newContext(browser, inject('baseURL'), viewport, { colorScheme });
      const page = await context.newPage();
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByText('npm run user -- reset-password you@example.com').waitFor();
      expect(await page.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);
      await screenshot(page, `forgot-password-operator-${viewport}-${colorScheme}`);
      await context.close();
    }
  });

  it('shows the reset and sign-in pages at desktop width', async () => {
    const context = await contextAt('desktop', 'dark');
    const page = await context.newPage();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await screenshot(page, 'forgot-password-desktop-dark');
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('button', { name: 'Set new password' }).waitFor();
    await screenshot(page, 'reset-password-desktop-dark');
    await page.goto('/login?sso_error=unverified');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Acme ID has not verified your email address, so Genie cannot match it to an account. Verify it with Acme ID, then try again.',
    );
    await screenshot(page, 'login-sso-error-desktop-dark');
    await context.close();
    const phone = await contextAt('phone');
    const phonePage = await phone.newPage();
    await phonePage.goto('/login');
    await phonePage.getByRole('link', { name: 'Sign in with Acme ID' }).waitFor();
    await screenshot(phonePage, 'login-sso-phone');
    await phone.close();
  });

  it('shows every account screen at 390x844 and 1366x900, light and dark, for a person to review', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const name = (screen: string) => `review-${screen}-${viewport.width}x${viewport.height}-${colorScheme}`;
        const review = async (screen: string) => {
          expect([screen, await screenForReview(page)]).toEqual([screen, { theme: colorScheme, sidewaysOverflow: 0 }]);
          await screenshot(page, name(screen));
        };
        const context = await browser.newContext({ baseURL, viewport, colorScheme });
        const page = await context.newPage();
        await page.goto('/forgot-password');
        await page.getByRole('button', { name: 'Send reset link' }).waitFor();
        await review('forgot-password');
        await page.goto('/reset-password?token=a-token-from-a-mail');
        await page.getByRole('button', { name: 'Set new password' }).waitFor();
        await review('reset-password');

        const user = uniqueUser();
        await new AuthPage(page).signUp(user);
        await page.waitForURL(`${baseURL}/chat`);
        await page.goto('/profile?tab=security');
        await page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first().waitFor();
        await review('profile-security');
        await page.goto('/profile?tab=settings');
        await page.getByRole('button', { name: 'Erase my account' }).click();
        await page.getByRole('dialog', { name: 'Erase your account?' }).getByLabel('Your password').waitFor();
        await review('erase-confirm');
        await context.clearCookies();

        const admin = new AdminPage(page);
        await admin.openLogin();
        await admin.signIn({ username: 'security-admin', password: 'a security admin passphrase' });
        await admin.openTab('Users');
        await admin.panel().getByPlaceholder('Search by email or username').fill(user.email);
        const accounts = admin.panel().getByRole('list', { name: 'Accounts' });
        await accounts.getByRole('listitem').filter({ hasText: user.email }).waitFor();
        // The search has run once only that account is listed.
        await accounts.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
        await review('admin-user-actions');
        await context.close();
      }
    }
    // Sixteen screens and four sign-ins on a loaded machine: more than the default minute.
  }, 600_000);
});
