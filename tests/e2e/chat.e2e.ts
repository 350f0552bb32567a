import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ChatPage } from './pages/chat-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { PersonaTourPage } from './pages/persona-tour';
import { E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { signedWebhookHeaders } from '../support/webhook';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';
import { screenshot, uniqueUser, VIEWPORTS } from './support/browser';

const baseURL = inject('baseURL');

const storage = (page: Page) =>
  page.evaluate(() => ({
    selectedGenie: localStorage.getItem('selectedGenie'),
    hasVisited: localStorage.getItem('hasVisited'),
    hasSelectedGenie: localStorage.getItem('hasSelectedGenie'),
  }));

/** A 1,000-message conversation: 500 questions, each answered by the fake model. */
const LONG_EXCHANGES = 500;
/** The rows a long conversation settles on once open, and adds per step (MESSAGE_WINDOW_STEP in message-list.tsx). */
const WINDOW_STEP = 60;
const question = (n: number) => `Long conversation, question ${n}: what changed in part ${n}?`;

/**
 * Signs a new user up through the API (the page's cookies), makes them Premium with a signed
 * payment webhook (the free plan allows 100 messages a day), and stores a 1,000-message
 * conversation the only way the product stores one: one POST /api/chat (JSON, not streamed) per
 * exchange, one at a time so the messages keep their order. 500 take about 5 s here.
 */
async function seedLongConversation(page: Page) {
  const user = uniqueUser();
  const signup = await page.request.post('/api/auth/signup', { data: user });
  expect(signup.status()).toBe(201);
  const { user: created } = (await signup.json()) as { user: { id: string } };
  const payment = JSON.stringify({
    eventId: `evt-long-${user.username}`, userId: created.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0xlong${user.username}`,
  });
  const webhook = await page.request.post('/api/payments/webhook', {
    headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment),
    data: payment,
  });
  expect(webhook.status()).toBe(200);

  const first = await page.request.post('/api/chat', { data: { message: question(1) } });
  expect(first.status()).toBe(200);
  const { conversationId } = (await first.json()) as { conversationId: string };
  for (let n = 2; n <= LONG_EXCHANGES; n++) {
    const response = await page.request.post('/api/chat', { data: { message: question(n), conversationId } });
    expect(response.status()).toBe(200);
  }
  return { title: question(1) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the chat experience', () => {
  const sessions = useChatSessions();

  const signedUp = (viewport: keyof typeof VIEWPORTS = 'desktop') => sessions.signedUp({ viewport });
  const onChatScreen = (viewport: keyof typeof VIEWPORTS = 'desktop') => sessions.onChatScreen({ viewport });

  it('shows the carousel on a first visit: title, subtitle, arrow keys with wrap-around, Escape skips', async () => {
    const { page, carousel, chat } = await signedUp();
    expect(await carousel.title().innerText()).toBe('CHOOSE YOUR GENIE');
    expect(await carousel.subtitle().count()).toBe(1);
    expect(await carousel.currentName()).toBe('GENIE');
    // "Powered by" names the model answering now (GET /api/personas) readably, here the fake server's "fake-model".
    await carousel.dialog().getByRole('article', { name: 'GENIE' }).getByText('Powered by Fake Model', { exact: true }).waitFor();
    await screenshot(page, 'chat-carousel-desktop');

    await carousel.press('ArrowRight');
    expect(await carousel.currentName()).toBe('Gino');
    await carousel.press('ArrowLeft');
    await carousel.press('ArrowLeft');
    expect(await carousel.currentName()).toBe('G');
    await carousel.next();
    expect(await carousel.currentName()).toBe('GENIE');

    await carousel.press('Escape');
    await carousel.waitClosed();
    expect(await storage(page)).toEqual({ selectedGenie: 'default', hasVisited: 'true', hasSelectedGenie: 'true' });
    expect(await chat.heading().innerText()).toBe('GENIE');
    expect(await page.getByText('Start by typing a message below', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Your wishes, kept between us.', { exact: true }).count()).toBe(1);
    await screenshot(page, 'chat-empty-desktop');

    await page.reload();
    await chat.messageBox().waitFor();
    expect(await carousel.dialog().count()).toBe(0);
  });

  it('chooses a persona with the button and with Enter; Change re-opens the carousel', async () => {
    const { page, carousel, chat } = await signedUp();
    await carousel.press('ArrowRight');
    await carousel.chooseButton().click();
    expect(await carousel.chooseButton().isDisabled()).toBe(true);
    await carousel.waitClosed();
    expect(await chat.heading().innerText()).toBe('Gino');
    expect(await storage(page)).toEqual({ selectedGenie: 'gino', hasVisited: 'true', hasSelectedGenie: 'true' });

    await chat.sidebarButton('Change persona').click();
    await carousel.dialog().waitFor();
    expect(await carousel.currentName()).toBe('Gino');
    await carousel.press('ArrowRight');
    await carousel.press('Enter');
    await carousel.waitClosed();
    expect(await chat.heading().innerText()).toBe('Gina');
    expect((await storage(page)).selectedGenie).toBe('gina');
  });

  it('tours the personas one at a time without wrapping and starts with the one chosen', async () => {
    const { page, chat } = await onChatScreen();
    const tour = new PersonaTourPage(page);
    await chat.sidebarButton('Meet the Genies').click();
    await tour.dialog().waitFor();
    expect(await tour.counter().innerText()).toBe('1/4');
    expect(await tour.progress().getAttribute('aria-valuenow')).toBe('25');
    expect(await tour.previousButton().isDisabled()).toBe(true);
    expect(await tour.step().getByText('Summarise this contract in five bullet points', { exact: false }).count()).toBe(1);
    await screenshot(page, 'chat-tour-desktop');

    await page.keyboard.press('ArrowLeft');
    expect(await tour.counter().innerText()).toBe('1/4');
    await tour.next();
    await page.keyboard.press('ArrowRight');
    expect(await tour.counter().innerText()).toBe('3/4');
    expect(await tour.step().getByRole('heading', { level: 2 }).innerText()).toBe('Gina');
    await tour.chooseButton().click();
    expect(await tour.chooseButton().innerText()).toBe('Starting with Gina');
    await tour.dialog().waitFor({ state: 'detached' });
    expect(await chat.heading().innerText()).toBe('Gina');

    await chat.sidebarButton('Meet the Genies').click();
    await tour.dialog().waitFor();
    await page.keyboard.press('Escape');
    await tour.dialog().waitFor({ state: 'detached' });
    await chat.sidebarButton('Meet the Genies').click();
    await tour.skip();
    await tour.dialog().waitFor({ state: 'detached' });
  });

  it('sends a message, shows the greeting and the reply streaming in, and grows the message box', async () => {
    const { page, chat } = await onChatScreen();
    const box = chat.messageBox();
    expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBe(60);
    await box.fill(Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n'));
    expect(await box.evaluate((el) => el.getBoundingClientRect().height)).toBe(128);
    await box.fill('');
    expect(await chat.sendButton().isDisabled()).toBe(true);

    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 250 });
    await chat.send('Hello there, Genie');
    expect(await box.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await chat.preview().waitFor();
    // Part of the reply is on screen while the rest is still on its way.
    await chat.preview().getByText('Fake reply', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).count()).toBe(1);
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Hello there, Genie');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await chat.preview().count()).toBe(0);
    expect(await chat.messages().getByText('Hello there, Genie', { exact: true }).count()).toBe(1);
    await screenshot(page, 'chat-conversation-desktop');

    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'chat-conversation-phone');
  });

  it('lists past conversations, reopens one after a reload, continues it and deletes it', async () => {
    const { page, chat } = await onChatScreen();
    const history = page.getByRole('region', { name: 'Conversations' }).getByRole('listitem');
    await chat.send('Invoices due in March');
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Invoices due in March');
    await chat.sidebarButton('New chat').click();
    expect(await chat.replies().count()).toBe(0);
    await chat.send('A second topic');
    expect(await chat.waitForReply(1)).toBe('Fake reply to: A second topic');
    await history.nth(1).waitFor();
    expect(await history.count()).toBe(2);

    await page.reload();
    await chat.sidebarButton(/^Invoices due in March/).click();
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Invoices due in March');
    expect(await chat.messages().getByText('Invoices due in March', { exact: true }).count()).toBe(1);
    await chat.send('And the ones in April?');
    expect(await chat.waitForReply(2)).toBe('Fake reply to: And the ones in April?');
    // Continued, not a new conversation: still two in the list, the continued one first.
    await expect.poll(() => history.first().innerText()).toContain('Invoices due in March');
    expect(await history.count()).toBe(2);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Actions for Invoices due in March' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(await chat.toastText('Conversation deleted')).toBe('Conversation deleted');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().innerText()).toContain('A second topic');
    // The open conversation was the deleted one: the screen is a new chat again.
    expect(await chat.replies().count()).toBe(0);
  });

  it('dictates a question, reads the reply aloud when voice is on, and again on Read aloud', async () => {
    const { page, chat, context } = await onChatScreen();
    // Headless Chromium has no voices and no microphone: record what the app asks of the speech API.
    await context.addInitScript(() => {
      const spoken: { text: string; lang: string }[] = [];
      Object.assign(window, { __spoken: spoken });
      const synthesis = {
        speak(utterance: SpeechSynthesisUtterance) {
          spoken.push({ text: utterance.text, lang: utterance.lang });
          setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 10);
        },
        cancel() {},
        getVoices: () => [],
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
      class FakeRecognition {
        lang = '';
        onresult: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          Object.assign(window, { __recognitionLang: this.lang });
          setTimeout(() => {
            this.onresult?.({ results: [[{ transcript: 'What is a limited company?' }]] });
            this.onend?.();
          }, 50);
        }
        stop() {}
        abort() {}
      }
      // Chromium has both names natively; the app takes the unprefixed one first.
      Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
    });
    await page.reload();
    await chat.messageBox().waitFor();
    const spoken = () => page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken);

    await chat.sidebarButton('Voice off').click();
    await chat.sidebarButton('Voice on').waitFor();
    await page.getByRole('button', { name: 'Dictate' }).click();
    await expect.poll(() => chat.messageBox().inputValue()).toBe('What is a limited company?');
    expect(await page.evaluate(() => (window as unknown as { __recognitionLang: string }).__recognitionLang)).toBe('en-US');

    await chat.sendButton().click();
    expect(await chat.waitForReply(1)).toBe('Fake reply to: What is a limited company?');
    await expect.poll(spoken).toEqual([{ text: 'Fake reply to: What is a limited company?', lang: 'en-US' }]);
    await chat.lastReply().getByRole('button', { name: 'Read aloud' }).click();
    await expect.poll(async () => (await spoken()).length).toBe(2);
  });

  it('shows the reset time of a rate-limited send in a "Please wait" toast and puts the message back in the composer', async () => {
    const { page, chat } = await onChatScreen();
    const sentence = 'You are sending messages too quickly (20 a minute). Try again in 42 seconds.';
    // The server's 429 itself is proved by the API tests; here, what the user sees of it.
    await page.route('**/api/chat', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '42' }, body: JSON.stringify({ error: sentence, code: 'rate_limited' }) }),
    );
    await chat.send('One more question');
    expect(await chat.toastText('Please wait')).toBe(`Please wait ${sentence}`);
    expect(await chat.replies().count()).toBe(0);
    // Nothing was stored: the message leaves the conversation and waits in the composer to be sent again.
    expect(await chat.messages().getByText('One more question', { exact: true }).count()).toBe(0);
    expect(await chat.messageBox().inputValue()).toBe('One more question');
  });

  it('records thumbs and copies a reply, with their toasts', async () => {
    const { page, chat, context } = await onChatScreen();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await chat.send('What is a haiku?');
    expect(await chat.waitForReply(1)).toBe('Fake reply to: What is a haiku?');

    const feedbackRequest = page.waitForRequest((request) => request.url().endsWith('/api/chat/feedback'));
    await chat.lastReply().getByRole('button', { name: 'Thumbs up' }).click();
    const body = (await feedbackRequest).postDataJSON() as { feedback: string; messageId: string };
    expect(body.feedback).toBe('positive');
    expect(await chat.toastText()).toMatch(/^Feedback Recorded/);
    expect(await chat.lastReply().getByRole('button', { name: 'Thumbs up' }).getAttribute('aria-pressed')).toBe('true');

    await chat.lastReply().getByRole('button', { name: 'Copy' }).click();
    await chat.lastReply().getByText('Copied', { exact: true }).waitFor();
    expect(await chat.toastText('Copied!')).toBe('Copied! Response copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Fake reply to: What is a haiku?');

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await chat.lastReply().getByRole('button', { name: 'Thumbs down' }).click();
    expect(await chat.toastText('Feedback Recorded')).toMatch(/^Feedback Recorded/);
    await chat.lastReply().getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Failed to copy', { exact: true }).waitFor();
    expect(await chat.toastText('Failed to copy')).toBe('Failed to copy Could not copy to clipboard');
  });

  it('marks Legal as PRO for a free user and answers it with an upgrade prompt, not a failure toast', async () => {
    const { page, chat } = await onChatScreen();
    const legal = chat.sidebarButton(/^Legal/);
    expect(await legal.innerText()).toMatch(/Legal\s*PRO/);
    await legal.click();
    expect(await legal.getAttribute('aria-pressed')).toBe('true');
    await chat.send('Can my landlord keep my deposit in California?');
    const prompt = page.getByRole('alert').filter({ hasText: 'PRO feature' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/premium');
    expect(await page.getByText('Failed to send message. Please try again.').count()).toBe(0);
    await screenshot(page, 'chat-upgrade-prompt-desktop');
  });

  it('shows the failure toast and clears the preview when the model server answers 500', async () => {
    const { page, chat } = await onChatScreen();
    await setModelBehaviour({ kind: 'status', status: 500 });
    await chat.send('Are you there?');
    expect(await chat.toastText()).toBe('Error Failed to send message. Please try again.');
    expect(await chat.preview().count()).toBe(0);
    expect(await chat.replies().count()).toBe(0);
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
  });

  it('marks a reply cut off at the length limit, and Continue grows that reply', async () => {
    const { page, chat } = await onChatScreen();
    await page.setViewportSize({ width: 1366, height: 900 });
    await setModelBehaviour({ kind: 'normal', finishReason: 'length' });
    await chat.send('Tell me everything about invoices');
    expect(await chat.waitForReply(1)).toBe('Fake reply to: Tell me everything about invoices');
    const cutOffNote = "This reply was cut off: it reached the model's length limit.";
    await chat.lastReply().getByText(cutOffNote, { exact: true }).waitFor();
    const continueButton = chat.lastReply().getByRole('button', { name: 'Continue', exact: true });
    expect(await continueButton.count()).toBe(1);
    await screenshot(page, 'chat-cut-off-desktop');

    // Continue (issue 42) grows the same reply: no "Please continue" message, no second reply.
    await setModelBehaviour({ kind: 'normal', reply: 'and the rest of it.' });
    await continueButton.click();
    await chat.lastReply().getByText(cutOffNote, { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => chat.lastReply().locator('.markdown-body').textContent()).toBe('Fake reply to: Tell me everything about invoices and the rest of it.');
    expect(await chat.replies().count()).toBe(1);
    expect(await chat.messages().getByText('Please continue from where you stopped.', { exact: true }).count()).toBe(0);
    expect(await chat.messages().getByRole('button', { name: 'Continue', exact: true }).count()).toBe(0);

    const phone = await onChatScreen('phone');
    await setModelBehaviour({ kind: 'normal', finishReason: 'length' });
    await phone.chat.send('And on a phone?');
    expect(await phone.chat.waitForReply(1)).toBe('Fake reply to: And on a phone?');
    await phone.chat.lastReply().getByRole('button', { name: 'Continue', exact: true }).waitFor();
    await screenshot(phone.page, 'chat-cut-off-phone');
  });

  it('says when earlier messages were left out, and shows the sentence of a message too long for the model', async () => {
    const { page, chat } = await onChatScreen();
    // The server's trimming and its 413 are proved by the API tests; here, what the user sees of them.
    const reply = { content: 'A short answer.', image: null, conversationId: randomUUID(), messageId: randomUUID(), responseTime: 12, status: 'complete', historyOmitted: 14 };
    await page.route('**/api/chat', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(reply) }));
    await chat.send('What did we say at the start?');
    expect(await chat.waitForReply(1)).toBe('A short answer.');
    await chat.lastReply().getByText('14 earlier messages were left out: the conversation is longer than the model can read at once.', { exact: true }).waitFor();
    await screenshot(page, 'chat-history-omitted-desktop');

    const sentence = 'This message is too long for the model to read: with its attachments it is about 60,012 characters, and the model can take about 18,000. Shorten it, or attach fewer or smaller files.';
    await page.unroute('**/api/chat');
    await page.route('**/api/chat', (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ error: sentence, code: 'too_large', field: 'message' }) }),
    );
    await chat.send('A very long message');
    expect(await chat.toastText('Message too long')).toBe(`Message too long ${sentence}`);
  });

  it('renders a Markdown reply with tables and code, and its <script> and javascript: link do nothing', async () => {
    const { page, chat } = await onChatScreen();
    const reply = [
      '## Result',
      '',
      '| Plan | Price |',
      '| --- | --- |',
      '| Pro | $199 |',
      '',
      '```ts',
      'const answer: number = 42;',
      '```',
      '',
      '<script>window.__pwned = "script"</script>',
      '<img src=x onerror="window.__pwned = \'img\'">',
      '',
      '[click me](javascript:window.__pwned=%22link%22) and [docs](https://example.com/docs)',
    ].join('\n');
    await setModelBehaviour({ kind: 'normal', reply });
    await chat.send('Show me some Markdown');
    await chat.replies().first().waitFor();
    const bubble = chat.lastReply();
    expect(await bubble.getByRole('heading', { name: 'Result' }).count()).toBe(1);
    expect(await bubble.getByRole('table').getByRole('cell', { name: '$199' }).count()).toBe(1);
    expect(await bubble.locator('pre code.hljs .hljs-keyword').first().innerText()).toBe('const');
    expect(await bubble.locator('script, img[onerror]').count()).toBe(0);
    expect(await bubble.getByRole('link', { name: 'docs' }).getAttribute('href')).toBe('https://example.com/docs');
    expect(await bubble.getByRole('link', { name: 'click me' }).count()).toBe(0);
    await bubble.getByText('click me', { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    await screenshot(page, 'chat-markdown-desktop');
  });

  it('attaches an uploaded file and one picked in the file browser, then sends them', async () => {
    const { page, chat } = await onChatScreen();
    await page.getByTestId('attach-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Quarterly notes: revenue up 12%.') });
    expect(await chat.toastText()).toBe('Files uploaded! 1 file uploaded and attached.');
    const chips = page.getByRole('list', { name: 'Attachments' });
    expect(await chips.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('notes.txt')]);

    await chat.sidebarButton('Browse Files').click();
    const dialog = page.getByRole('dialog', { name: 'Attach a file' });
    await dialog.waitFor();
    // Files uploaded from the chat land in the "Chat uploads" folder.
    await dialog.getByRole('button', { name: 'Open folder Chat uploads' }).first().click();
    await dialog.getByText('notes.txt', { exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await chat.toastText()).toBe('File added! notes.txt is ready for AI analysis');

    await page.getByRole('button', { name: 'Remove notes.txt' }).click();
    expect(await chips.count()).toBe(0);
    await page.getByTestId('attach-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Quarterly notes: revenue up 12%.') });
    await chips.waitFor();
    await chat.sendButton().click();
    await chat.replies().first().waitFor();
    expect(await chat.messages().getByText("I've attached 1 file.", { exact: true }).count()).toBe(1);
    await screenshot(page, 'chat-attachments-desktop');
  });

  it('looks right at phone width: carousel, collapsed sidebar and the chat', async () => {
    const { page, carousel, chat } = await signedUp('phone');
    await screenshot(page, 'chat-carousel-phone');
    await carousel.skip();
    await carousel.waitClosed();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    await screenshot(page, 'chat-empty-phone');
    await chat.sidebarButton('Expand sidebar').click();
    // The width animates; wait for it to settle at 80 units (320 px).
    await page.waitForFunction(() => document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().width === 320);
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(320);
    await screenshot(page, 'chat-sidebar-phone');
  });

  it('opens a 1,000-message conversation at its newest message and mounts older rows as the reader scrolls up', async () => {
    const { page } = await sessions.newPage();
    const { title } = await seedLongConversation(page);
    await page.goto('/chat');
    const carousel = new PersonaCarouselPage(page);
    await carousel.dialog().waitFor();
    await carousel.skip();
    await carousel.waitClosed();
    const chat = new ChatPage(page);

    // What the first commit of rows holds, seen before the browser paints it.
    await chat.scroller().evaluate((scroller) => {
      const observer = new MutationObserver(() => {
        const rows = scroller.querySelectorAll('ol[aria-label="Messages"] > li[aria-label]').length;
        if (rows === 0) return;
        observer.disconnect();
        Object.assign(window, { __firstCommit: { rows, overflowing: scroller.scrollHeight > scroller.clientHeight } });
      });
      observer.observe(scroller, { childList: true, subtree: true });
    });
    await chat.conversation(new RegExp(`^${escapeRegExp(title)}`)).click();
    const newest = chat.messageRows().last();
    await newest.getByText(`Fake reply to: ${question(LONG_EXCHANGES)}`, { exact: true }).waitFor();
    // Only the newest rows that fill the screen are mounted for the first paint; then the window
    // settles at exactly 60 rows.
    const firstCommit = await page.evaluate(() => (window as unknown as { __firstCommit: { rows: number; overflowing: boolean } }).__firstCommit);
    expect(firstCommit.rows).toBeLessThan(WINDOW_STEP);
    expect(firstCommit.overflowing).toBe(true);
    await expect.poll(() => chat.messageRows().count()).toBe(WINDOW_STEP);
    // Pinned to the bottom, with the newest reply inside the visible part of the conversation.
    await expect.poll(() => chat.scroller().evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight))).toBe(0);
    const [view, row] = await Promise.all([chat.scroller().boundingBox(), newest.boundingBox()]);
    expect(row!.y).toBeGreaterThanOrEqual(view!.y);
    expect(row!.y + row!.height).toBeLessThanOrEqual(view!.y + view!.height);
    expect(await chat.showEarlierButton().innerText()).toBe(`Show earlier messages (${2 * LONG_EXCHANGES - WINDOW_STEP})`);
    expect(await chat.messageRows().first().textContent()).toContain(question(LONG_EXCHANGES - WINDOW_STEP / 2 + 1));

    // Scrolling to the top mounts 60 older rows at a time until the very first question is there.
    // The list lets go of the newest message only after a reader's gesture (issue 42): a wheel, then the scroll.
    const readerScrollsToTop = () =>
      chat.scroller().evaluate((el) => {
        el.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
        el.scrollTo({ top: 0 });
      });
    const counts: number[] = [];
    while ((await chat.showEarlierButton().count()) > 0) {
      const before = await chat.messageRows().count();
      await readerScrollsToTop();
      await expect.poll(() => chat.messageRows().count()).toBeGreaterThan(before);
      counts.push(await chat.messageRows().count());
    }
    const expected = Array.from({ length: Math.ceil((2 * LONG_EXCHANGES) / WINDOW_STEP) - 1 }, (_, i) => Math.min(2 * LONG_EXCHANGES, (i + 2) * WINDOW_STEP));
    expect(counts).toEqual(expected);
    await readerScrollsToTop();
    const first = chat.messageRows().first();
    expect(await first.getAttribute('aria-label')).toBe('Your message');
    expect(await first.textContent()).toContain(question(1));
    await expect.poll(() => first.evaluate((el) => el.getBoundingClientRect().top >= el.closest('[data-scroll-container]')!.getBoundingClientRect().top)).toBe(true);
    expect(await chat.messageRows().last().textContent()).toContain(`Fake reply to: ${question(LONG_EXCHANGES)}`);

    // Opened again, it starts from its newest 60 rows, not from the 1,000 mounted on the way up.
    await chat.conversation(new RegExp(`^${escapeRegExp(title)}`)).click();
    await expect.poll(() => chat.messageRows().count()).toBe(WINDOW_STEP);
    expect(await chat.showEarlierButton().innerText()).toBe(`Show earlier messages (${2 * LONG_EXCHANGES - WINDOW_STEP})`);
    await expect.poll(() => chat.scroller().evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight))).toBe(0);
  });
});
