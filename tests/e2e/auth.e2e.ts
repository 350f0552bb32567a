import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuthPage } from './pages/auth-page';
import { launchBrowser, newContext, screenshot, uniqueUser } from './support/browser';

describe('accounts in the browser', () => {
  let browser: Browser;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('sends a signed-out visitor to /login and back to where they were going', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const user = uniqueUser();
    await page.goto('/profile');
    await page.waitForURL('**/login?next=%2Fprofile');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await screenshot(page, 'login-desktop');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/signup?next=%2Fprofile');
    await new AuthPage(page).signUp(user, '');
    await page.waitForURL(`${baseURL}/profile`);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await context.close();
  });

  it('signs up, signs out and signs back in', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    const auth = new AuthPage(page);
    const user = uniqueUser();
    await auth.signUp(user);
    await page.waitForURL(`${baseURL}/chat`);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.user.username).toBe(user.username);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseURL}/`);
    const afterSignOut = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(afterSignOut).toBe(401);

    await auth.signIn({ email: user.email, password: 'not the password' });
    expect(await auth.errorText()).toBe('The email or password is incorrect.');
    await auth.signIn({ email: user.email, password: user.password }, '');
    await page.waitForURL(`${baseURL}/chat`);
    await context.close();
  });

  it('shows the 404 page for an unknown path, at phone width too', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const context = await newContext(browser, baseURL, viewport);
      const page = await context.newPage();
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404 Page Not Found');
      await expect(page.getByText('Did you forget to add the page to the router?').count()).resolves.toBe(1);
      await screenshot(page, `not-found-${viewport}`);
      await context.close();
    }
  });
});
