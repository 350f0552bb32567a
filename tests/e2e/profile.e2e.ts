import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AuthPage } from './pages/auth-page';
import { ProfilePage } from './pages/profile-page';
import { screenshot, uniqueUser, VIEWPORTS } from './support/browser';
import { useBrowser } from './support/browser-hooks';

const baseURL = inject('baseURL');

/** A real 1×1 PNG (70 bytes). */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const textFile = (name: string, text: string) => ({ name, type: 'text/plain', base64: Buffer.from(text).toString('base64') });

const todayLong = () => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());

describe('the profile page', () => {
  const browser = useBrowser(() => baseURL);

  async function signedInPage(viewport: keyof typeof VIEWPORTS = 'desktop') {
    const page = await browser.page({ viewport });
    const user = uniqueUser();
    await new AuthPage(page).signUp(user);
    await page.waitForURL(`${baseURL}/chat`);
    return { page, user, profile: new ProfilePage(page) };
  }

  const apiJson = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u)).json(), url);

  it('shows "Loading your profile..." and then every figure of each tab from what the user did', async () => {
    const { page, profile } = await signedInPage();
    await profile.seedActivity(
      [
        { message: 'serendipity', mode: 'dictionary' },
        { message: 'ephemeral', mode: 'dictionary' },
      ],
      [textFile('notes.txt', 'Twenty-six bytes of notes.')],
    );

    // Hold the metrics back so the loading state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/metrics', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await page.getByText('Loading your profile...').waitFor();
    await screenshot(page, 'profile-loading-desktop');
    release();
    await page.getByRole('tab', { name: 'Overview' }).waitFor();

    expect(await page.getByRole('link', { name: 'Back to Chat' }).getAttribute('href')).toBe('/chat');
    expect(await page.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/premium');
    expect(await page.getByText('Premium', { exact: true }).count()).toBe(0);

    expect(
      await profile.figures([
        'stat-total-questions',
        'stat-this-month',
        'stat-crypto-spent',
        'stat-streak',
        'summary-account-type',
        'summary-member-since',
        'summary-last-active',
        'summary-favorite-feature',
      ]),
    ).toEqual({
      'stat-total-questions': '2',
      'stat-this-month': '2',
      'stat-crypto-spent': '$0.00',
      'stat-streak': '1 day',
      'summary-account-type': 'Free',
      'summary-member-since': todayLong(),
      'summary-last-active': 'Today',
      'summary-favorite-feature': 'Dictionary',
    });
    expect(await page.getByTestId('summary-member-since').innerText()).toContain('today');
    await screenshot(page, 'profile-overview-desktop');

    await profile.showTab('Activity');
    expect(
      await profile.figures(['activity-conversations', 'activity-average-length', 'activity-this-month', 'activity-transactions', 'activity-spent', 'activity-fees']),
    ).toEqual({
      'activity-conversations': '1',
      // Two questions and their two replies in one conversation.
      'activity-average-length': '4 messages',
      'activity-this-month': '2',
      'activity-transactions': '0',
      'activity-spent': '$0.00',
      'activity-fees': '$0.00',
    });
    await screenshot(page, 'profile-activity-desktop');

    await profile.showTab('Storage');
    expect(await profile.figure('storage-used')).toBe('26 Bytes of 25 GB');
    expect(await profile.figure('storage-percent')).toBe('<0.1% used');
    expect(await profile.figure('storage-document-bytes')).toBe('26 Bytes');
    expect(await page.getByTestId('storage-document').innerText()).toContain('1 file');
    expect(await page.getByTestId('storage-image').count()).toBe(0);
    await screenshot(page, 'profile-storage-desktop');

    // The page shows what the server computed, figure for figure.
    const metrics = await apiJson(page, '/api/user/metrics');
    expect(metrics).toMatchObject({ totalQuestions: 2, totalConversations: 1, storageUsed: 26, favoriteFeature: 'Dictionary' });
  });

  it('edits and cancels: the saved values come back and nothing is sent', async () => {
    const { page, user, profile } = await signedInPage();
    await profile.open();
    await profile.showTab('Settings');
    expect(await profile.field('Username').isEditable()).toBe(false);
    expect(await profile.field('Username').inputValue()).toBe(user.username);
    expect(await profile.field('Email').inputValue()).toBe(user.email);

    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await profile.editProfile({ username: 'someone_else', email: 'else@example.com' });
    expect(await profile.field('Username').isEditable()).toBe(true);
    await profile.button('Cancel').click();
    expect(await profile.field('Username').inputValue()).toBe(user.username);
    expect(await profile.field('Email').inputValue()).toBe(user.email);
    expect(await profile.field('Email').isEditable()).toBe(false);
    await profile.button('Edit Profile').waitFor();
    expect(writes).toEqual([]);
    expect(await apiJson(page, '/api/user/profile')).toMatchObject({ username: user.username, email: user.email });
  });

  it('edits and saves, names a bad or taken value, and keeps the change after a reload', async () => {
    const taken = await signedInPage();
    const { page, user, profile } = await signedInPage('phone');
    await profile.open();
    await screenshot(page, 'profile-overview-phone');
    await profile.showTab('Settings');

    // A malformed email is named before anything is sent.
    await profile.editProfile({ email: 'not-an-email' });
    await profile.button('Save Changes').click();
    await page.getByText('Enter a valid email address').waitFor();

    // A username someone else has: the server says so, and the SPEC §8 toast shows.
    await profile.field('Email').fill(user.email);
    await profile.field('Username').fill(taken.user.username);
    await profile.button('Save Changes').click();
    expect(await profile.toastText('Update failed')).toBe('Update failed / Failed to update profile. Please try again.');
    await page.getByText('This username is already taken.').waitFor();
    await screenshot(page, 'profile-settings-error-phone');

    const newName = `${user.username}_new`;
    const newEmail = `new.${user.email}`;
    // Hold the save so "Saving..." can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/profile', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await profile.field('Username').fill(newName);
    await profile.field('Email').fill(newEmail.toUpperCase());
    await profile.button('Save Changes').click();
    await profile.button('Saving...').waitFor();
    expect(await profile.button('Saving...').isDisabled()).toBe(true);
    release();
    expect(await profile.toastText('Profile updated')).toBe('Profile updated / Your changes have been saved.');
    await profile.button('Edit Profile').waitFor();
    expect(await profile.field('Username').inputValue()).toBe(newName);
    expect(await profile.field('Email').inputValue()).toBe(newEmail);
    await screenshot(page, 'profile-settings-saved-phone');

    await page.reload();
    await profile.showTab('Settings');
    expect(await profile.field('Username').inputValue()).toBe(newName);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(newName);
    expect(await apiJson(page, '/api/auth/me')).toMatchObject({ user: { username: newName, email: newEmail } });
  });

  it('looks right at phone width on every tab', async () => {
    const { page, profile } = await signedInPage('phone');
    await profile.seedActivity([{ message: 'lucid', mode: 'dictionary' }], [textFile('a.txt', 'hello'), { name: 'dot.png', type: 'image/png', base64: PNG_1PX }]);
    await profile.open();
    for (const tab of ['Activity', 'Storage', 'Settings'] as const) {
      await profile.showTab(tab);
      await screenshot(page, `profile-${tab.toLowerCase()}-phone`);
    }
    await profile.showTab('Storage');
    expect(await profile.figure('storage-used')).toBe('75 Bytes of 25 GB');
    expect(await profile.figure('storage-image-bytes')).toBe('70 Bytes');
    expect(await profile.figure('storage-document-bytes')).toBe('5 Bytes');
    // Nothing runs off the side of a phone screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  it('shows the Premium badge instead of Upgrade, and the expiry, for a premium subscription', async () => {
    const { page, profile } = await signedInPage('phone');
    // No payment can be made from the browser here (the webhook is signed by the processor), so
    // the real profile answer is given a premium subscription on its way to the page; the API
    // tests prove the server side of premium (profile.http.test.ts).
    await page.route('**/api/user/profile', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.subscription = { isPremium: true, expiresAt: '2026-12-31T12:00:00.000Z', plan: 'pro' };
      await route.fulfill({ response, json: body });
    });
    await profile.open();
    await page.getByText('Premium', { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    expect(await profile.figure('summary-account-type')).toBe('Premium');
    expect(await page.getByTestId('summary-account-type').innerText()).toContain('Expires December 31, 2026');
    await profile.settle();
    await screenshot(page, 'profile-premium-phone');
  });
});

