import { describe, expect, inject, it } from 'vitest';
import { ChatPage } from './pages/chat-page';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';
import { screenshot, uniqueUser } from './support/browser';

/** Issue 18 items 5–7 and its rough edges: reading replies, dark mode, the keyboard, the public headers. */
const baseURL = inject('baseURL');

const CODE = 'export const answer = 42;\nconsole.log(answer);';
const REPLY_WITH_CODE_AND_MATH = ['Here you go:', '', '```ts', CODE, '```', '', 'The area is $A = \\pi r^2$; plans cost $5 and $10.'].join('\n');

describe('chat polish', () => {
  const sessions = useChatSessions();

  const newPage = sessions.newPage.bind(sessions);
  const onChatScreen = sessions.onChatScreen.bind(sessions);

  it('labels a code block with its language, copies exactly its code, and typesets math but not prices', async () => {
    const { context, page, chat } = await onChatScreen();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await setModelBehaviour({ kind: 'normal', reply: REPLY_WITH_CODE_AND_MATH });
    await chat.send('Show me some code');
    await chat.waitForReply(1);
    const reply = chat.lastReply();
    expect(await reply.getByTestId('code-language').innerText()).toBe('TypeScript');
    await reply.getByRole('button', { name: 'Copy TypeScript code' }).click();
    await reply.getByRole('button', { name: 'Code copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    // KaTeX arrives with the first reply that has math; the prices stay text.
    await reply.locator('.katex').first().waitFor();
    expect(await reply.locator('.katex').count()).toBe(1);
    expect(await reply.locator('.katex-mathml annotation').first().textContent()).toBe('A = \\pi r^2');
    expect(await reply.locator('.markdown-body').innerText()).toContain('plans cost $5 and $10.');
    await screenshot(page, 'chat-code-math-desktop');
  });

  it('follows the system colour scheme, and remembers the toggle across pages and reloads', async () => {
    const { page } = await newPage({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    // The palette really turns over: the page's background is Tailwind's slate-950 in dark, slate-50 in light.
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('oklch(0.129 0.042 264.695)');
    await screenshot(page, 'landing-dark-desktop');
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    expect(await background()).toBe('oklch(0.984 0.003 247.858)');
    expect(await page.evaluate(() => localStorage.getItem('genieTheme'))).toBe('light');
    await page.goto('/premium');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    // Choosing what the system asks for again forgets the choice: the page follows the system.
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    expect(await page.evaluate(() => localStorage.getItem('genieTheme'))).toBe(null);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
  });

  it('has a theme toggle on the chat screen too, in light and dark', async () => {
    const { page } = await onChatScreen({ colorScheme: 'light' });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('genieTheme'))).toBe('dark');
    await screenshot(page, 'chat-dark-desktop');
  });

  it('answers each keyboard shortcut: Ctrl+K, Ctrl+Shift+O, Up in an empty box, and ?', async () => {
    const { page, chat } = await onChatScreen({ viewport: 'phone' });
    await chat.send('Remember the milk');
    await chat.waitForReply(1);

    // Up in the empty message box opens the last message's edit box; Enter sends the edit as a
    // branch (versions 2/2), and the message box takes the focus back.
    await chat.messageBox().focus();
    await page.keyboard.press('ArrowUp');
    const editBox = page.getByLabel('Edit your message');
    await editBox.waitFor();
    expect(await editBox.inputValue()).toBe('Remember the milk');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await editBox.getAttribute('id'));
    await screenshot(page, 'chat-polish-up-edit-phone');
    await editBox.fill('Remember the oat milk');
    await page.keyboard.press('Enter');
    const userRow = chat.messages().getByRole('listitem', { name: 'Your message' });
    await userRow.getByText('2/2', { exact: true }).waitFor();
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Remember the oat milk');
    expect(await chat.messageBox().inputValue()).toBe('');
    await page.waitForFunction(() => document.activeElement?.id === 'chat-message');
    await screenshot(page, 'chat-polish-up-edited-phone');

    // Ctrl+K opens the sidebar (collapsed on a phone) and focuses the conversation search.
    await page.keyboard.press('Control+k');
    await page.getByRole('region', { name: 'Conversations' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[data-conversation-search], section[aria-labelledby="history-heading"]') != null);
    await page.keyboard.press('Escape');

    // Ctrl+Shift+O starts a new chat: the conversation empties and the message box has the focus.
    await page.keyboard.press('Control+Shift+O');
    await page.getByText('Start by typing a message below', { exact: true }).waitFor();
    expect(await chat.messageRows().count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-message');

    // ? outside a text field lists the shortcuts; typed into the box it is just a character.
    await chat.messageBox().fill('why?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await chat.messageBox().fill('');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.getByText('Start a new chat', { exact: true }).count()).toBe(1);
    await screenshot(page, 'chat-shortcuts-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('drops Legal’s PRO badge while a Legal Mode Open Week is live', async () => {
    const { context, page } = await onChatScreen();
    const legal = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Legal/ });
    expect(await legal.getByText('PRO', { exact: true }).count()).toBe(1);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await context.route('**/api/promotions/active', (route) =>
      route.fulfill({
        json: { promotions: [{ id: 'p1', action: 'activate_free_tier', name: 'Legal Mode Open Week', headline: 'Legal mode is open', unlocksLegalMode: true, expiresAt }] },
      }),
    );
    await page.reload();
    await new ChatPage(page).messageBox().waitFor();
    await legal.waitFor();
    await page.waitForFunction(() => !document.querySelector('aside')?.textContent?.includes('PRO'));
    expect(await legal.getByText('PRO', { exact: true }).count()).toBe(0);
  });

  it('offers Sign in and Get started to a visitor, and the account menu once signed in, on / /premium and /app', async () => {
    const { page } = await newPage();
    for (const path of ['/', '/premium', '/app']) {
      await page.goto(path);
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
      expect(await page.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);

    const user = uniqueUser();
    expect((await page.request.post('/api/auth/signup', { data: user })).status()).toBe(201);
    for (const path of ['/', '/premium', '/app']) {
      await page.goto(path);
      await page.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    await page.getByRole('button', { name: `Account menu for ${user.username}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
  });
});
