import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenshot, VIEWPORTS } from './support/browser';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';

/**
 * Issue 42 in Chromium: a project with instructions and a pinned file, a chat inside it, a
 * conversation shared with the team and opened by a teammate (then continued in their own chats),
 * a saved prompt with placeholders from `/`, Branch into a new chat, and Continue growing a reply
 * that was cut off. Each screen is saved at 390×844 and 1366×900, light and dark.
 */

/**
 * The four looks of a screen: the page is resized and its theme switched as the header's toggle
 * does. A sidebar left open by the wide page is closed for the phone's shots unless it is the subject.
 */
async function shootFour(page: Page, name: string, { keepSidebar = false } = {}) {
  const original = page.viewportSize()!;
  for (const [size, viewport] of [['laptop', VIEWPORTS.laptop], ['phone', VIEWPORTS.phone]] as const) {
    await page.setViewportSize(viewport);
    // A page opened wide keeps its sidebar open when narrowed; a phone shows the conversation, so it is closed for the shot.
    const overlay = page.getByRole('button', { name: 'Close sidebar' });
    const closed = size === 'phone' && !keepSidebar && (await overlay.isVisible()) ? (await overlay.click({ position: { x: 370, y: 420 } }), true) : false;
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.waitForTimeout(150);
      await screenshot(page, `projects-${name}-${size}-${theme}`);
    }
    if (closed) {
      await page.setViewportSize(original);
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.setViewportSize(original);
}

/** What the fake model was last asked for a reply (title calls are off in the e2e server). */
async function lastChatRequest() {
  const response = await fetch(new URL('/__fake/requests', inject('fakeModelUrl')));
  const { requests } = (await response.json()) as { requests: { path: string; body: { messages?: { role: string; content: unknown }[] } | null }[] };
  return requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body!;
}

describe('projects, sharing and the prompt library', () => {
  const sessions = useChatSessions();

  it('makes a project with instructions and a pinned file, chats in it, shares it with a teammate, and fills a prompt from /', async () => {
    const owner = await sessions.onChatScreen({ viewport: 'laptop' });
    const ownerPage = owner.page;
    const me = (await (await ownerPage.request.get('/api/auth/me')).json()) as { user: { id: string; username: string } };
    // Starter (a signed payment webhook), so the owner can invite a teammate.
    const payment = JSON.stringify({
      eventId: `evt-projects-${me.user.username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0xprojects${me.user.username}`,
    });
    expect((await ownerPage.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment), data: payment })).status()).toBe(200);

    // A file in the owner's library, to pin (uploaded as the File Manager does).
    const bytes = Buffer.from('Holiday allowance: thirty days a year.');
    const { uploadURL } = (await (await ownerPage.request.post('/api/objects/upload')).json()) as { uploadURL: string };
    expect((await ownerPage.request.put(uploadURL, { headers: { 'content-type': 'text/plain' }, data: bytes })).status()).toBe(200);
    const { objectPath } = (await (await ownerPage.request.put('/api/files/upload-complete', { data: { fileURL: uploadURL } })).json()) as { objectPath: string };
    const file = await ownerPage.request.post('/api/files', { data: { originalName: 'staff-handbook.txt', mimeType: 'text/plain', size: bytes.length, objectPath } });
    expect(file.status()).toBe(201);
    const fileId = ((await file.json()) as { id: string }).id;

    // The project, made in the sidebar: instructions, the file pinned by name, shared with the team.
    const sidebar = ownerPage.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: 'New project' }).click();
    const form = sidebar.getByRole('form', { name: 'New project' });
    await form.getByLabel('Name').fill('Onboarding');
    await form.getByLabel('Instructions (added to every chat in it)').fill('Answer as our HR team, in two sentences.');
    await form.getByLabel('Pinned files and folders').fill('handbook');
    await form.getByRole('button', { name: 'Pin staff-handbook.txt' }).click();
    expect(await form.getByRole('list', { name: 'Pinned files and folders' }).innerText()).toContain('staff-handbook.txt');
    await form.getByLabel('Who sees it').selectOption('team');
    await shootFour(ownerPage, 'new-project', { keepSidebar: true });
    await form.getByRole('button', { name: 'Create' }).click();
    await sidebar.getByRole('button', { name: /Onboarding/ }).first().waitFor();
    const projects = (await (await ownerPage.request.get('/api/projects')).json()) as { projects: { id: string; name: string; instructions: string; fileIds: string[]; scope: string }[] };
    expect(projects.projects.map((p) => ({ name: p.name, instructions: p.instructions, fileIds: p.fileIds, scope: p.scope }))).toEqual([
      { name: 'Onboarding', instructions: 'Answer as our HR team, in two sentences.', fileIds: [fileId], scope: 'team' },
    ]);

    // A chat inside it: the model is given the project's instructions.
    await sidebar.getByRole('button', { name: /Onboarding/ }).first().click();
    await sidebar.getByRole('button', { name: 'New chat in Onboarding' }).click();
    await owner.chat.send('How many holidays do we get?');
    expect(await owner.chat.waitForReply(1)).toBe('Fake reply to: How many holidays do we get?');
    const system = (await lastChatRequest()).messages![0]!.content as string;
    expect(system).toContain("Instructions for this project, from the user's team:\nAnswer as our HR team, in two sentences.");
    const inProject = sidebar.getByRole('list', { name: 'Conversations in Onboarding' });
    await inProject.getByRole('button', { name: /How many holidays/ }).waitFor();

    // Shared with the team from the conversation's menu.
    await sidebar.getByRole('button', { name: /^Actions for How many holidays/ }).first().click();
    await ownerPage.getByRole('menuitem', { name: 'Share with team' }).click();
    await owner.chat.toastText('Shared with your team');
    await shootFour(ownerPage, 'chat-in-project');

    // The owner saves a team prompt with placeholders in the prompt library, opened from "/".
    await owner.chat.messageBox().fill('/');
    await ownerPage.getByRole('listbox', { name: 'Saved prompts' }).waitFor();
    await ownerPage.getByRole('button', { name: 'Save or delete prompts…' }).click();
    const library = ownerPage.getByRole('dialog', { name: 'Prompt library' });
    await library.getByLabel('Title').fill('Welcome note');
    await library.getByLabel('Prompt', { exact: true }).fill('Write a welcome note for {{name}}, who joins {{team}}.');
    expect(await library.getByText('It will ask for:').innerText()).toBe('It will ask for: name, team');
    await library.getByLabel('Share with my team').check();
    await library.getByRole('button', { name: 'Save prompt' }).click();
    await library.getByRole('list', { name: 'Your prompts' }).getByText('Welcome note').waitFor();
    // Saving a prompt sends no message.
    expect(await ownerPage.getByRole('main').getByText('/', { exact: true }).count()).toBe(0);
    expect(await library.getByRole('list', { name: 'Your prompts' }).getByRole('listitem').first().innerText()).toContain(`Team · ${me.user.username}`);
    await shootFour(ownerPage, 'prompt-library');
    await ownerPage.keyboard.press('Escape');
    await library.waitFor({ state: 'detached' });
    await owner.chat.messageBox().fill('');

    // A teammate, on a phone in the dark, joins the team and opens the shared conversation from the project.
    const mate = await sessions.onChatScreen({ viewport: 'phone', colorScheme: 'dark' });
    const mateMe = (await (await mate.page.request.get('/api/auth/me')).json()) as { user: { email: string } };
    const invitation = await ownerPage.request.post('/api/team/invitations', { data: { email: mateMe.user.email, role: 'member' } });
    expect(invitation.status()).toBe(201);
    const token = ((await invitation.json()) as { url: string }).url.split('/invite/')[1]!;
    expect((await mate.page.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
    await mate.page.reload();
    await mate.chat.messageBox().waitFor();
    await mate.page.getByRole('button', { name: 'Expand sidebar' }).click();
    const mateSidebar = mate.page.getByRole('complementary', { name: 'Sidebar' });
    await mateSidebar.getByRole('button', { name: /Onboarding/ }).first().click();
    await mateSidebar.getByRole('list', { name: 'Conversations in Onboarding' }).getByRole('button', { name: /How many holidays/ }).click();
    await mate.page.getByRole('main').getByText('Fake reply to: How many holidays do we get?').waitFor();
    expect(await mate.page.getByRole('main').innerText()).toContain(`Shared by ${me.user.username}`);
    await shootFour(mate.page, 'shared-as-teammate');
    await mate.page.getByRole('button', { name: 'Continue in my chats' }).click();
    await mate.chat.messageBox().waitFor();
    expect(await mate.chat.waitForReply(1)).toBe('Fake reply to: How many holidays do we get?');

    // The prompt from "/": the keyboard picks it, its blanks are asked for, the message box gets the text.
    await mate.chat.messageBox().fill('/welc');
    await mate.page.getByRole('listbox', { name: 'Saved prompts' }).getByRole('option', { name: /Welcome note/ }).waitFor();
    await shootFour(mate.page, 'prompt-picker');
    await mate.chat.messageBox().press('Enter');
    const dialog = mate.page.getByRole('dialog', { name: 'Welcome note' });
    await dialog.getByLabel('name').fill('Ada');
    await dialog.getByLabel('team').fill('the support team');
    await shootFour(mate.page, 'prompt-placeholders');
    await dialog.getByRole('button', { name: 'Insert prompt' }).click();
    expect(await mate.chat.messageBox().inputValue()).toBe('Write a welcome note for Ada, who joins the support team.');
  }, 240_000);

  it('branches into a new chat from a reply, and Continue grows a cut-off reply instead of adding one', async () => {
    const { page, chat } = await sessions.onChatScreen({ viewport: 'laptop' });
    await chat.send('First question');
    await chat.waitForReply(1);
    await chat.send('Second question');
    await chat.waitForReply(2);

    // Branch from the first reply: a new conversation with the first question and its reply.
    await chat.replies().first().getByRole('button', { name: 'Branch into a new chat' }).click();
    await chat.toastText('Branched into a new chat');
    await chat.conversation(/^First question \(branch\)/).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Messages"] > li[aria-label]').length === 2);
    expect(await chat.messageRows().allInnerTexts()).toEqual([expect.stringContaining('First question'), expect.stringContaining('Fake reply to: First question')]);
    await shootFour(page, 'branched');

    // A reply cut off at the model's length limit, then Continue: the same reply grows.
    await setModelBehaviour({ kind: 'normal', reply: 'The first part of the story', finishReason: 'length' });
    await chat.send('Tell me a long story');
    await chat.waitForReply(2);
    const continueButton = chat.lastReply().getByRole('button', { name: 'Continue' });
    await continueButton.waitFor();
    await shootFour(page, 'cut-off');
    await setModelBehaviour({ kind: 'normal', reply: 'and the end of it.' });
    await continueButton.click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Messages"] > li:last-child .markdown-body')?.textContent === 'The first part of the story and the end of it.');
    expect(await chat.replies().count()).toBe(2);
    expect(await chat.messageRows().count()).toBe(4);
    expect(await page.getByText('Please continue').count()).toBe(0);
    expect(await chat.lastReply().getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await shootFour(page, 'continued');
    // As stored: one reply, grown.
    const newest = (await (await page.request.get('/api/conversations?limit=1')).json()) as { conversations: { id: string }[] };
    const stored = (await (await page.request.get(`/api/conversations/${newest.conversations[0]!.id}`)).json()) as { messages: { role: string; content: string; status: string }[] };
    expect(stored.messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'First question', 'complete'],
      ['assistant', 'Fake reply to: First question', 'complete'],
      ['user', 'Tell me a long story', 'complete'],
      ['assistant', 'The first part of the story and the end of it.', 'complete'],
    ]);
  }, 120_000);
});
