import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';
import { screenshot, VIEWPORTS } from './support/browser';

/** Stop, Retry, regenerate, edit, conversation search/rename/pin and library attachments (issue 18). */
describe('chat controls', () => {
  const sessions = useChatSessions();

  const onChatScreen = sessions.onChatScreen.bind(sessions);

  const userRows = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem', { name: 'Your message' });

  it('stops a reply mid-stream with Stop and with Escape; the partial reply is kept after a reload', async () => {
    const { page, chat } = await onChatScreen();
    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 300 });
    await chat.send('one two three four five six seven eight nine ten');
    await chat.preview().getByText('Fake reply', { exact: false }).waitFor();
    await screenshot(page, 'chat-controls-streaming-desktop');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByText('You stopped this reply.', { exact: true }).waitFor();
    const partial = (await chat.lastReply().locator('.markdown-body').textContent()) ?? '';
    expect('Fake reply to: one two three four five six seven eight nine ten'.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan('Fake reply to: one two three four five six seven eight nine ten'.length);
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await screenshot(page, 'chat-controls-stopped-desktop');

    await chat.send('eleven twelve thirteen fourteen fifteen');
    await chat.preview().getByText('Fake reply', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('You stopped this reply.', { exact: true }).nth(1).waitFor();

    await page.reload();
    await chat.conversation(/^one two three/).click();
    await page.getByText('You stopped this reply.', { exact: true }).nth(1).waitFor();
    expect(await chat.replies().count()).toBe(2);
    expect((await chat.replies().first().locator('.markdown-body').textContent()) ?? '').toBe(partial);
  });

  it('keeps a message whose reply failed, with Retry and its text back in the composer, also after a reload', async () => {
    const { page, chat } = await onChatScreen();
    await setModelBehaviour({ kind: 'status', status: 500 });
    await chat.send('Please answer this one');
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(await chat.messageBox().inputValue()).toBe('Please answer this one');
    await page.getByText('No reply: the model could not answer.', { exact: true }).waitFor();
    await screenshot(page, 'chat-controls-failed-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    // The overlay beside the open sidebar (its middle lies under the sidebar).
    await page.getByRole('button', { name: 'Close sidebar' }).click({ position: { x: 370, y: 400 } });
    await screenshot(page, 'chat-controls-failed-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.reload();
    // The title keeps the words that say what it is about ("Please" is dropped).
    await chat.conversation(/^Answer this one/).click();
    await retry.waitFor();
    await setModelBehaviour({ kind: 'normal' });
    await retry.click();
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Please answer this one');
    expect(await retry.count()).toBe(0);
    expect(await userRows(page).count()).toBe(1);
  });

  it('regenerates the last reply and flips between the versions', async () => {
    const { page, chat } = await onChatScreen();
    await setModelBehaviour({ kind: 'normal', reply: 'First answer.' });
    await chat.send('Name a colour');
    expect(await chat.waitForReply(1)).toBe('First answer.');
    await setModelBehaviour({ kind: 'normal', reply: 'Second answer.' });
    await chat.lastReply().getByRole('button', { name: 'Regenerate' }).click();
    await chat.lastReply().getByText('2/2', { exact: true }).waitFor();
    expect((await chat.lastReply().locator('.markdown-body').textContent()) ?? '').toBe('Second answer.');
    await screenshot(page, 'chat-controls-variants-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    // The overlay beside the open sidebar (its middle lies under the sidebar).
    await page.getByRole('button', { name: 'Close sidebar' }).click({ position: { x: 370, y: 400 } });
    await screenshot(page, 'chat-controls-variants-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    await chat.lastReply().getByRole('button', { name: 'Previous version' }).click();
    await chat.lastReply().getByText('1/2', { exact: true }).waitFor();
    expect((await chat.lastReply().locator('.markdown-body').textContent()) ?? '').toBe('First answer.');
    expect(await chat.replies().count()).toBe(1);
  });

  it('edits a sent message into a branch and goes back to the old one', async () => {
    const { page, chat } = await onChatScreen();
    await chat.send('Question A');
    await chat.waitForReply(1);
    await chat.send('Question B');
    await chat.waitForReply(2);
    await userRows(page).first().getByRole('button', { name: 'Edit message' }).click();
    const editBox = page.getByLabel('Edit your message');
    await editBox.fill('Question A, edited');
    await page.getByRole('button', { name: 'Save & send' }).click();
    await userRows(page).first().getByText('2/2', { exact: true }).waitFor();
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Question A, edited');
    expect(await userRows(page).count()).toBe(1);

    await userRows(page).first().getByRole('button', { name: 'Previous version' }).click();
    await page.getByText('Question B', { exact: true }).waitFor();
    expect(await userRows(page).allInnerTexts()).toEqual([expect.stringContaining('Question A'), expect.stringContaining('Question B')]);
    await screenshot(page, 'chat-controls-edit-desktop');
    await userRows(page).first().getByRole('button', { name: 'Edit message' }).click();
    await page.getByLabel('Edit your message').waitFor();
    await screenshot(page, 'chat-controls-editing-desktop');
  });

  it('searches conversations by content with highlighted snippets, renames and pins them', async () => {
    const { page, chat } = await onChatScreen();
    for (const message of ['Explain photosynthesis in plants', 'Quarterly tax checklist', 'Bake a sourdough loaf']) {
      expect((await page.request.post('/api/chat', { data: { message } })).status()).toBe(200);
    }
    await page.reload();
    const list = page.getByRole('region', { name: 'Conversations' });
    await chat.conversation(/^Bake a sourdough loaf/).waitFor();

    await list.getByRole('searchbox', { name: 'Search conversations' }).fill('photosynthesis');
    await list.locator('mark', { hasText: 'photosynthesis' }).first().waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await screenshot(page, 'chat-controls-search-desktop');
    await list.getByRole('searchbox', { name: 'Search conversations' }).fill('');

    await list.getByRole('button', { name: 'Actions for Quarterly tax checklist' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const titleBox = list.getByRole('textbox', { name: 'New title' });
    await titleBox.fill('Taxes for Q3');
    await titleBox.press('Enter');
    await chat.conversation(/^Taxes for Q3/).waitFor();

    await list.getByRole('button', { name: 'Actions for Explain photosynthesis in plants' }).click();
    await page.getByRole('menuitem', { name: 'Pin' }).click();
    await list.getByLabel('Pinned').waitFor();
    const titles = await list.getByRole('listitem').allInnerTexts();
    expect(titles[0]).toContain('Explain photosynthesis in plants');
    await page.reload();
    await list.getByLabel('Pinned').waitFor();
    expect((await list.getByRole('listitem').allInnerTexts())[0]).toContain('Explain photosynthesis in plants');
  });

  it('puts chat uploads in "Chat uploads" and attaches a library file without adding a copy', async () => {
    const { page, chat } = await onChatScreen();
    await page.getByTestId('attach-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: TINY_PNG });
    const chips = page.getByRole('list', { name: 'Attachments' });
    await chips.getByRole('listitem').waitFor();
    expect(await chips.locator('img').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove photo.png' }).click();

    const fileCount = async () => {
      const home = (await (await page.request.get('/api/files')).json()) as { folders: { id: string; name: string }[]; files: unknown[] };
      const folder = home.folders.find((f) => f.name === 'Chat uploads');
      const inFolder = folder ? ((await (await page.request.get(`/api/files?folderId=${folder.id}`)).json()) as { files: unknown[] }).files.length : 0;
      return { home: home.files.length, chatUploads: inFolder };
    };
    expect(await fileCount()).toEqual({ home: 0, chatUploads: 1 });

    await chat.sidebarButton('Browse Files').click();
    const dialog = page.getByRole('dialog', { name: 'Attach a file' });
    await dialog.getByText('Chat uploads', { exact: true }).first().click();
    await dialog.getByText('photo.png', { exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await chips.getByRole('listitem').waitFor();
    await chat.sendButton().click();
    await chat.replies().first().waitFor();
    expect(await fileCount()).toEqual({ home: 0, chatUploads: 1 });
    expect(await chat.messages().locator('img').count()).toBeGreaterThanOrEqual(1);
    // Titled by the file, never "I've attached 1 file."
    await chat.conversation(/^photo\.png/).waitFor();
    await screenshot(page, 'chat-controls-attachments-desktop');
  });
});

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
