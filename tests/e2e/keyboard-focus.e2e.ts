import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AdminPage } from './pages/admin-page';
import { FilesPage } from './pages/files-page';
import { E2E_ADMIN } from './support/admin-credentials';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';

const baseURL = inject('baseURL');

/**
 * Issue 44: after an action takes away the control that had focus (a form that closes, a tile that
 * goes, a button disabled while it works, a page that signs in), focus lands somewhere that makes
 * sense, never on the page's body, where a keyboard user starts again from the top. Every step
 * here is done with the keyboard alone.
 */
describe('focus after actions, by keyboard (issue 44)', () => {
  const sessions = useChatSessions();

  /** What has focus once it has settled (the app moves it a frame or a refetch later), by name. */
  async function focused(page: Page, expected: string) {
    const name = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return 'BODY';
        return element.getAttribute('aria-label') || element.id || element.textContent?.trim() || element.tagName;
      });
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 3_000 }).catch(() => undefined);
    await expect.poll(name, { timeout: 4_000 }).toBe(expected);
  }

  it('chat: choosing a persona in the carousel by keyboard puts focus in the message box', async () => {
    const { page, carousel } = await sessions.signedUp();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await carousel.waitClosed();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
  });

  it('chat: Stop by keyboard puts focus back in the message box, ready for the next message', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 300 });
    await chat.send('one two three four five six seven eight nine ten');
    await chat.preview().getByText('Fake reply', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('You stopped this reply.', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
  });

  it('files: a new folder, opening it, cancelling, an upload and a delete each leave focus in place', async () => {
    const { page } = await sessions.onChatScreen();
    const files = new FilesPage(page);
    // Listening from the start: Playwright turns on its catching of file choosers when the first
    // listener comes, and a chooser opened by a quick key press could beat that.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    await files.goto();

    // New Folder: focus goes into the name box; Enter creates it and focus moves to its tile.
    await page.getByRole('button', { name: 'New Folder' }).focus();
    await page.keyboard.press('Enter');
    await focused(page, 'Folder name');
    await page.keyboard.type('Contracts');
    await page.keyboard.press('Enter');
    await focused(page, 'Open folder Contracts');

    // New Folder, then Cancel: back on New Folder.
    await page.getByRole('button', { name: 'New Folder' }).focus();
    await page.keyboard.press('Enter');
    await focused(page, 'Folder name');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await focused(page, 'Cancel');
    await page.keyboard.press('Enter');
    await focused(page, 'New Folder');

    // An upload through the file chooser: Upload is disabled while it works, then has focus again.
    await page.getByRole('button', { name: 'Upload', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles([
      { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('first') },
      { name: 'b.txt', mimeType: 'text/plain', buffer: Buffer.from('second') },
    ]);
    await files.item('b.txt').waitFor();
    await focused(page, 'Upload');

    // Delete a.txt from its tile: the tile is gone, focus goes to the list it was in.
    await page.getByRole('button', { name: 'Delete a.txt' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete file “a.txt”?' });
    await confirm.getByRole('button', { name: 'Delete file' }).focus();
    await page.keyboard.press('Enter');
    await files.item('a.txt').waitFor({ state: 'detached' });
    await focused(page, 'Files and folders');

    // Opening the folder replaces the tiles: focus stays in the file list's place, the page's main region.
    await files.folder('Contracts').focus();
    await page.keyboard.press('Enter');
    await files.breadcrumb().getByText('Contracts', { exact: true }).waitFor();
    await focused(page, 'main');
  });

  it('admin: signing in moves focus to the console, and Mark Contacted keeps it on the request', async () => {
    const { page } = await sessions.newPage();
    const visitor = await page.request.post('/api/demo-requests', { data: { name: 'Keyboard Visitor', email: `kb-${Date.now()}@example.com`, usecase: 'data-analysis' } });
    expect(visitor.status()).toBe(201);
    const admin = new AdminPage(page);
    await admin.openLogin();
    await admin.usernameInput().focus();
    await page.keyboard.type(E2E_ADMIN.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/admin`);
    await focused(page, 'main');

    await admin.tab('Demo Requests').focus();
    await page.keyboard.press('Enter');
    const request = page.getByTestId('demo-request').filter({ hasText: 'Keyboard Visitor' });
    await request.getByRole('button', { name: 'Mark Contacted' }).focus();
    await page.keyboard.press('Enter');
    await request.getByText('contacted', { exact: true }).waitFor();
    await focused(page, 'Mark Contacted');
  });
});
