import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FilesPage } from './pages/files-page';
import { useChatSessions } from './support/chat-session';

const baseURL = inject('baseURL');

/** Every text the live region held, in order, from the moment this is called (a MutationObserver in the page). */
async function recordLiveRegion(page: Page, testId: string) {
  await page.evaluate((id) => {
    const region = document.querySelector(`[data-testid="${id}"]`);
    if (!region) throw new Error(`no live region ${id}`);
    const seen: string[] = [];
    (window as unknown as { liveTexts: string[] }).liveTexts = seen;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text !== seen.at(-1)) seen.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  }, testId);
  return () => page.evaluate(() => (window as unknown as { liveTexts: string[] }).liveTexts);
}

describe('accessibility by construction (issue 44)', () => {
  const sessions = useChatSessions();

  it('reads a finished reply once, whole, and never the streamed preview', async () => {
    const { page, chat } = await sessions.onChatScreen();
    const persona = (await chat.heading().textContent()) ?? '';
    const announced = await recordLiveRegion(page, 'reply-announcer');
    await chat.send('Say something short for the screen reader.');
    const reply = await chat.waitForReply(1);
    await page.waitForFunction(() => (window as unknown as { liveTexts: string[] }).liveTexts.length > 0);
    // The reply's words as the region holds them: Markdown marks gone, spaces folded.
    const words = reply.replace(/\s+/g, ' ').trim();
    expect(await announced()).toEqual([`${persona} replied: ${words}`]);
    // The typing preview is no live region any more (it churned ~19 times a second).
    expect(await page.locator('[aria-live]').evaluateAll((regions) => regions.map((r) => r.getAttribute('data-testid')))).not.toContain('typing-preview');
  });

  it('skips the sidebar to the message box with the first Tab', async () => {
    const { page, chat } = await sessions.onChatScreen();
    // Arriving on the page: nothing has focus yet.
    await page.reload();
    await chat.messageBox().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent);
    expect(first).toBe('Skip to message box');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
  });

  it('names each page in its title and says the new one when the app moves on', async () => {
    const { page } = await sessions.onChatScreen({ viewport: 'phone' });
    expect(await page.title()).toBe('Chat · Genie');
    const announced = await recordLiveRegion(page, 'route-announcer');
    // Through the app's own links, without a page load.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/profile');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('tab', { name: 'Storage' }).waitFor();
    expect(await page.title()).toBe('Profile · Genie');
    expect(await announced()).toEqual(['Profile · Genie']);
    // A visitor's pages, each opened directly.
    const { page: visitor } = await sessions.newPage({ viewport: 'phone' });
    await visitor.goto('/login');
    await visitor.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await visitor.title()).toBe('Sign in · Genie');
    await visitor.goto('/no/such/page');
    await visitor.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await visitor.title()).toBe('Page not found · Genie');
    await visitor.goto('/');
    await visitor.getByRole('main').waitFor();
    expect(await visitor.title()).toBe('Genie: your private AI assistant');
  });

  it('gives the storage bar a plain percent, not a float such as 3e-7', async () => {
    const { page } = await sessions.onChatScreen();
    const files = new FilesPage(page);
    await files.goto();
    await files.upload([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a few bytes of notes') }]);
    await files.item('notes.txt').waitFor();
    await page.goto(`${baseURL}/profile?tab=storage`);
    const bar = page.getByRole('progressbar', { name: 'Storage used' });
    await bar.waitFor();
    expect([await bar.getAttribute('aria-valuenow'), await bar.getAttribute('aria-valuetext')]).toEqual(['0', '<0.1% used']);
  });
  it('gives focus back to the opener when a dialog closes, and to the page when the opener is gone', async () => {
    const { page, chat } = await sessions.onChatScreen();
    // Radix hands focus back a task after the dialog leaves the page: wait for it to land anywhere
    // but the body (where it fell before), then name where.
    const focused = async () => {
      await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 2_000 }).catch(() => undefined);
      return page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.id || document.activeElement?.tagName);
    };
    // The shortcuts list, asked for with ? after leaving the message box: back to the box.
    await chat.messageBox().focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.waitFor();
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });
    expect(await focused()).toBe('chat-message');

    const files = new FilesPage(page);
    await files.goto();
    await files.upload([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') }]);
    await files.item('notes.txt').waitFor();
    // Rename by keyboard, then Escape: back on the Rename button.
    await page.getByRole('button', { name: 'Rename notes.txt' }).focus();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog');
    await rename.waitFor();
    await page.keyboard.press('Escape');
    await rename.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Rename notes.txt');
    // Delete by keyboard: the file and its button are gone, so focus goes to the page's main region.
    await page.getByRole('button', { name: 'Delete notes.txt' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete file “notes.txt”?' });
    await confirm.getByRole('button', { name: 'Delete file' }).focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await files.item('notes.txt').waitFor({ state: 'detached' });
    expect(await focused()).toBe('main');
  });
});
