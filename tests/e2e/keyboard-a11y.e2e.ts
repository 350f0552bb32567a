import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthPage } from './pages/auth-page';
import { PersonaTourPage } from './pages/persona-tour';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';

/** Where focus is: the focused element's aria-label, else its id, else its tag. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.id || document.activeElement?.tagName);

/** Issue 44, the keyboard findings: each flow with the keyboard alone, asserting where focus lands. */
describe('keyboard only (issue 44)', () => {
  const sessions = useChatSessions();

  it('renames a conversation from its menu with focus in the title box', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await chat.send('A question to rename later');
    await chat.waitForReply(1);
    await page.getByRole('button', { name: /^Actions for / }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'New title' }).waitFor();
    expect(await focused(page)).toBe('New title');
  });

  it('closes the tour with Escape while a reply streams, and the reply goes on to its end', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 250 });
    await chat.send('one two three four five six');
    await chat.preview().getByText('Fake reply', { exact: false }).waitFor();
    await chat.sidebarButton('Meet the Genies').click();
    const tour = new PersonaTourPage(page);
    await tour.dialog().waitFor();
    await page.keyboard.press('Escape');
    await tour.dialog().waitFor({ state: 'detached' });
    expect(await chat.waitForReply(1)).toBe('Fake reply to: one two three four five six');
    expect(await page.getByText('You stopped this reply.', { exact: true }).count()).toBe(0);
  });

  it('keeps Tab and Shift+Tab inside the tour', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await chat.sidebarButton('Meet the Genies').click();
    const tour = new PersonaTourPage(page);
    await tour.dialog().waitFor();
    const outside: string[] = [];
    for (const key of [...Array<string>(20).fill('Tab'), ...Array<string>(20).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-label') === 'Meet the Genies');
      if (!inside) outside.push(`${key} → ${await focused(page)}`);
    }
    expect(outside).toEqual([]);
  });

  it('makes the chat behind the tour inert while the tour shows, and gives it back when the tour closes', async () => {
    const { page, chat } = await sessions.onChatScreen();
    const messageBoxInert = () => page.evaluate(() => document.getElementById('chat-message')?.closest('[inert]') !== null);
    expect(await messageBoxInert()).toBe(false);
    await chat.sidebarButton('Meet the Genies').click();
    const tour = new PersonaTourPage(page);
    await tour.dialog().waitFor();
    expect([await messageBoxInert(), await page.evaluate(() => document.querySelector('[role="dialog"]')?.closest('[inert]') ?? null)]).toEqual([true, null]);
    await page.keyboard.press('Escape');
    await tour.dialog().waitFor({ state: 'detached' });
    expect(await messageBoxInert()).toBe(false);
    await chat.messageBox().waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'chat-message');
  });

  it('closes the sidebar drawer on a phone with Escape, focus on its toggle', async () => {
    const { page } = await sessions.onChatScreen({ viewport: 'phone' });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search conversations' }).focus();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await focused(page)).toBe('Expand sidebar');
  });

  it('gives sign-in an h1, and marks the fields of a refused sign-in invalid, described by the reason', async () => {
    const { page } = await sessions.newPage();
    await page.goto('/login');
    // The page draws after its scripts load: wait for a heading, then name every h1.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Welcome back']);
    await new AuthPage(page).signIn({ email: 'nobody-here@example.com', password: 'not the password' }, '');
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    const reason = await alert.textContent();
    const fields = await page.$$eval('#email, #password', (inputs) =>
      inputs.map((input) => [input.id, input.getAttribute('aria-invalid'), document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null]),
    );
    expect(fields).toEqual([
      ['email', 'true', reason],
      ['password', 'true', reason],
    ]);
  });
});
