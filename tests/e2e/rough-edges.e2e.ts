import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { AdminPage } from './pages/admin-page';
import { AuthPage } from './pages/auth-page';
import { FilesPage } from './pages/files-page';
import { TeamPage } from './pages/team-page';
import { E2E_ADMIN, E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenshot, uniqueUser } from './support/browser';
import { useChatSessions } from './support/chat-session';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { setModelBehaviour } from './support/fake-model';

const baseURL = inject('baseURL');
/** uniqueUser() gives every account this password. */
const uniqueUserPassword = uniqueUser().password;

/** The console's errors from now on (a failed request shows there as "Failed to load resource"). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  return errors;
}

/** The visible buttons, links, inputs and tabs the toast lies over, by their names. */
async function controlsUnder(toast: Locator): Promise<string[]> {
  // The pointer over the toast holds its 5 s timer (Radix), so a busy machine measures it still open.
  await toast.hover();
  const box = await toast.boundingBox();
  if (!box) throw new Error('The toast is not on screen');
  return toast.page().evaluate((area) => {
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="tab"], h1')) {
      if (element.closest('[data-placement]')) continue; // the toast's own
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      const overlaps = r.left < area.x + area.width && r.right > area.x && r.top < area.y + area.height && r.bottom > area.y;
      if (overlaps) covered.push(element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
    }
    return covered;
  }, box);
}

/** The signed-in user's team buys a plan (a signed payment webhook, as teams.e2e.ts does). */
async function buyPlan(page: Page, username: string, plan: 'starter' | 'pro') {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const payment = JSON.stringify({
    eventId: `evt-rough-${plan}-${username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: plan === 'pro' ? '199.00' : '49.00', status: 'confirmed', plan, txHash: `0xrough${plan}${username}`,
  });
  expect((await page.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment), data: payment })).status()).toBe(200);
}

const openToast = (page: Page, title: string) => page.locator('li[data-state="open"]').filter({ hasText: title });

/** Issue 42's "Rough edges found in the walk" that a browser can see. */
describe('rough edges', () => {
  const sessions = useChatSessions();

  it('Retry takes the failed text out of the composer, so Enter cannot send it twice', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await setModelBehaviour({ kind: 'status', status: 500 });
    await chat.send('Only once please');
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(await chat.messageBox().inputValue()).toBe('Only once please');
    await setModelBehaviour({ kind: 'normal' });
    await retry.click();
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Only once please');
    expect(await chat.messageBox().inputValue()).toBe('');
  });

  it('places toasts where they cover no control: /files (desktop and phone), /admin, and /chat', async () => {
    for (const viewport of ['laptop', 'phone'] as const) {
      const { page } = await sessions.newPage({ viewport });
      await new AuthPage(page).signUp(uniqueUser());
      await page.waitForURL(`${baseURL}/chat`);
      const files = new FilesPage(page);
      await files.goto();
      await files.createFolder(`Toasts ${viewport}`);
      const toast = openToast(page, 'Folder created successfully!');
      await toast.waitFor();
      expect(await controlsUnder(toast)).toEqual([]);
      await screenshot(page, `rough-toast-files-${viewport}`);

      const admin = new AdminPage(page);
      await admin.openLogin();
      await admin.signIn(E2E_ADMIN);
      await page.waitForURL(`${baseURL}/admin`);
      const welcome = openToast(page, 'Welcome back');
      await welcome.waitFor();
      await admin.tab('Overview').waitFor();
      expect(await controlsUnder(welcome)).toEqual([]);
      await screenshot(page, `rough-toast-admin-${viewport}`);
    }

    const { page, chat } = await sessions.onChatScreen({ viewport: 'phone' });
    await setModelBehaviour({ kind: 'status', status: 500 });
    await chat.send('A failing question');
    const failed = openToast(page, 'Error');
    await failed.waitFor();
    // The message box and Send stay free (issue 18); the toast lies over the messages.
    const covered = await controlsUnder(failed);
    expect(covered).not.toContain('Send');
    expect(covered.filter((name) => /message/i.test(name) && name !== 'Retry')).toEqual([]);
  });

  it('signs up from an invitation with Email filled in, joins without asking for the used invitation again, and logs no console error', async () => {
    // The owner buys Starter (3 seats) and invites by link.
    const { page: ownerPage } = await sessions.newPage();
    const owner = uniqueUser();
    await new AuthPage(ownerPage).signUp(owner);
    await ownerPage.waitForURL(`${baseURL}/chat`);
    await buyPlan(ownerPage, owner.username, 'starter');
    const ownerTeam = new TeamPage(ownerPage);
    await ownerTeam.open();
    const guest = uniqueUser();
    const link = await ownerTeam.invite(guest.email);

    // A visitor: the public pages, the invitation, the sign-up it leads to.
    const { page } = await sessions.newPage({ viewport: 'phone' });
    const errors = consoleErrors(page);
    for (const path of ['/', '/premium', '/app', '/login']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })).first().waitFor();
    }
    await page.goto(link);
    await page.getByRole('link', { name: 'Create an account and join' }).click();
    await page.waitForURL(/\/signup\?invitation=/);
    const email = page.getByLabel('Email');
    await expect.poll(() => email.inputValue()).toBe(guest.email);
    await screenshot(page, 'rough-signup-from-invitation-phone');
    await page.getByLabel('Username').fill(guest.username);
    await page.getByLabel('Password').fill(guest.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseURL}/team`);
    await page.getByTestId('team-name').waitFor();

    // A signed-in person joins from the invitation page: the used invitation is not asked for again.
    const { page: joinerPage } = await sessions.newPage();
    const joiner = uniqueUser();
    await new AuthPage(joinerPage).signUp(joiner);
    await joinerPage.waitForURL(`${baseURL}/chat`);
    const joinLink = await ownerTeam.invite(joiner.email);
    const joinerErrors = consoleErrors(joinerPage);
    const invitationReads: string[] = [];
    joinerPage.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/invitations/') && request.method() === 'GET') invitationReads.push(request.url());
    });
    await joinerPage.goto(joinLink);
    await joinerPage.getByRole('button', { name: /^Join / }).click();
    await joinerPage.waitForURL(`${baseURL}/team`);
    await joinerPage.getByTestId('team-name').waitFor();
    expect(invitationReads).toHaveLength(1);
    expect(joinerErrors).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('/team has the theme switch in its header', async () => {
    const { page } = await sessions.newPage({ viewport: 'phone' });
    await new AuthPage(page).signUp(uniqueUser());
    await page.waitForURL(`${baseURL}/chat`);
    await new TeamPage(page).open();
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await screenshot(page, 'rough-team-dark-phone');
  });

  it('offers Upgrade to Free users but not to Pro users, in the chat sidebar and on /app', async () => {
    const { page } = await sessions.onChatScreen();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'Upgrade' }).waitFor();
    await page.goto('/app');
    await page.getByRole('banner').getByRole('link', { name: 'Upgrade' }).waitFor();

    const user = (await (await page.request.get('/api/auth/me')).json()) as { user: { username: string } };
    await buyPlan(page, user.user.username, 'pro');
    await page.goto('/chat');
    await sidebar.getByRole('link', { name: 'Profile' }).waitFor();
    await expect.poll(async () => (await page.request.get('/api/user/subscription')).json()).toMatchObject({ isPremium: true, plan: 'pro' });
    // The Free answer is replaced by Pro's: Upgrade goes once the plan is known.
    await expect.poll(() => sidebar.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    await screenshot(page, 'rough-sidebar-pro-desktop');
    await page.goto('/app');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
  });

  it('asks before Suspend and Send reset in the app\'s own dialog, never the browser\'s confirm', async () => {
    const user = uniqueUser();
    const { page } = await sessions.newPage({ viewport: 'laptop' });
    await new AuthPage(page).signUp(user);
    await page.waitForURL(`${baseURL}/chat`);
    await page.context().clearCookies();
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const admin = new AdminPage(page);
    await admin.openLogin();
    await admin.signIn(E2E_ADMIN);
    await admin.openTab('Users');
    await admin.panel().getByPlaceholder('Search by email or username').fill(user.email);
    const accounts = admin.panel().getByRole('list', { name: 'Accounts' }).getByRole('listitem');
    const row = accounts.filter({ hasText: user.email });
    await row.waitFor();
    // The search answers after its debounce: a row clicked in the list before it is drawn again, and its dialog with it.
    await expect.poll(() => accounts.count()).toBe(1);

    await row.getByRole('button', { name: 'Send reset' }).click();
    const resetDialog = page.getByRole('dialog', { name: 'Send a password reset?' });
    await resetDialog.waitFor();
    expect(await resetDialog.getByText(`Mail ${user.email} a link to choose a new password?`, { exact: false }).count()).toBe(1);
    await resetDialog.getByRole('button', { name: 'Cancel' }).click();
    await resetDialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Suspend' }).click();
    const suspendDialog = page.getByRole('dialog', { name: 'Suspend this account?' });
    await suspendDialog.waitFor();
    await screenshot(page, 'rough-admin-suspend-dialog-laptop');
    await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
    await row.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect(nativeDialogs).toEqual([]);
  });

  it('keeps each reply\'s persona after the persona is changed mid-conversation, also after a reload', async () => {
    const { page, chat } = await sessions.onChatScreen({ viewport: 'laptop' });
    await chat.send('Who answers first?');
    await chat.waitForReply(1);
    await chat.sidebarButton('Change persona').first().click();
    const carousel = new PersonaCarouselPage(page);
    await carousel.dialog().waitFor();
    await carousel.next();
    await page.getByRole('button', { name: 'Choose Gino' }).waitFor();
    await carousel.chooseButton().click();
    await carousel.waitClosed();
    await chat.send('And who answers now?');
    await chat.waitForReply(2);
    const labels = () => chat.messages().locator(':scope > li[aria-label$=" replied"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
    expect(await labels()).toEqual(['GENIE replied', 'Gino replied']);
    await screenshot(page, 'rough-reply-personas-laptop');
    await page.reload();
    await chat.conversation(/^Who answers first/).click();
    await chat.waitForReply(2);
    expect(await labels()).toEqual(['GENIE replied', 'Gino replied']);
  });

  it('remembers the persona carousel\'s choice on the account: a new browser goes straight to the chat with it', async () => {
    const { carousel, chat, page } = await sessions.signedUp({ viewport: 'phone' });
    await carousel.next();
    await page.getByRole('button', { name: 'Choose Gino' }).click();
    await carousel.waitClosed();
    await chat.messageBox().waitFor();
    const user = (await (await page.request.get('/api/auth/me')).json()) as { user: { email: string } };
    await expect.poll(async () => (await page.request.get('/api/user/persona')).json()).toEqual({ persona: 'gino' });

    // Another browser (no local storage) signs in to the same account.
    const { page: other } = await sessions.newPage({ viewport: 'laptop' });
    await new AuthPage(other).signIn({ email: user.user.email, password: uniqueUserPassword });
    await other.waitForURL(`${baseURL}/chat`);
    await other.getByPlaceholder('Type your message...').waitFor();
    expect(await other.getByRole('dialog').count()).toBe(0);
    expect(await other.evaluate(() => localStorage.getItem('selectedGenie'))).toBe('gino');
  });
});
