import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, inject, it } from 'vitest';
import { AuthPage } from './pages/auth-page';
import { screenshot, uniqueUser, VIEWPORTS } from './support/browser';
import { useBrowser } from './support/browser-hooks';

const baseURL = inject('baseURL');

/** Issue 17's "export download" and "erasure" in the browser, at phone and desktop widths. */
describe('your data: export and erasure', () => {
  const browser = useBrowser(() => baseURL);

  for (const viewport of ['phone', 'desktop'] as (keyof typeof VIEWPORTS)[]) {
    it(`exports a ZIP and then erases the account (${viewport})`, async () => {
      const page = await browser.page({ viewport });
      const user = uniqueUser();
      await new AuthPage(page).signUp(user);
      await page.waitForURL(`${baseURL}/chat`);

      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('button', { name: 'Export my data' }).click();
      const link = page.getByRole('link', { name: /Download ZIP/ });
      await link.waitFor({ timeout: 30_000 });
      await screenshot(page, `export-ready-${viewport}`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
      expect(JSON.parse(await zip.file('profile.json')!.async('string')).email).toBe(user.email);

      await page.getByRole('button', { name: 'Erase my account' }).click();
      await page.getByLabel('Your password').fill('not the password');
      await page.getByRole('button', { name: 'Erase everything' }).click();
      await page.getByText('The password is incorrect.').waitFor();
      await page.getByLabel('Your password').fill(user.password);
      await page.getByRole('button', { name: 'Erase everything' }).click();
      await page.waitForURL(`${baseURL}/`);

      const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
      expect(me).toBe(401);
      const login = await page.evaluate(
        async ([email, password]) => (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
        [user.email, user.password],
      );
      expect(login).toBe(401);
    });
  }
});
