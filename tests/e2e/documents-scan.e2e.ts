import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuthPage } from './pages/auth-page';
import { ChatPage } from './pages/chat-page';
import { FilesPage } from './pages/files-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { launchBrowser, screenshot, uniqueUser } from './support/browser';
import { setModelBehaviour } from './support/fake-model';

/**
 * Issue 39 in the browser: a scanned PDF (no text layer) and a photo of a page, uploaded through
 * the file manager, are read by OCR and indexed; "Search my files" answers from the scan's page 2
 * and from the photo, cited by file and page, at phone and desktop width.
 * The fixtures were made by tests/fixtures/ocr/make-ocr-fixtures.ts.
 */
const baseURL = inject('baseURL');
const fakeModelUrl = inject('fakeModelUrl');
const fixture = (name: string) => readFileSync(new URL(`../fixtures/ocr/${name}`, import.meta.url));
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/** The user message of the last request the fake model received. */
async function lastPromptText(): Promise<string> {
  const { requests } = (await (await fetch(new URL('/__fake/requests', fakeModelUrl))).json()) as {
    requests: { body: { messages?: { role: string; content: unknown }[] } | null }[];
  };
  const messages = requests.at(-1)?.body?.messages ?? [];
  return messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
}

describe('scans in the browser: OCR, indexed, searched and cited', () => {
  let browser: Browser;
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL, viewport: SIZES.desktop });
    const page = await context.newPage();
    await new AuthPage(page).signUp(uniqueUser());
    await page.waitForURL(`${baseURL}/chat`);
    const carousel = new PersonaCarouselPage(page);
    await carousel.skip();
    await carousel.waitClosed();
    const files = new FilesPage(page);
    await files.goto();
    await files.upload([
      { name: 'scan-3-pages.pdf', mimeType: 'application/pdf', buffer: fixture('scan-3-pages.pdf') },
      { name: 'receipt.png', mimeType: 'image/png', buffer: fixture('receipt.png') },
    ]);
    // OCR runs in the extraction workers; the badges turn on their own.
    await files.item('scan-3-pages.pdf').getByText('Indexed', { exact: true }).waitFor({ timeout: 150_000 });
    await files.item('receipt.png').getByText('Indexed', { exact: true }).waitFor({ timeout: 150_000 });
    session = await context.storageState();
    await context.close();
  }, 240_000);

  afterEach(async () => {
    await setModelBehaviour({ kind: 'normal' });
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => browser?.close());

  async function onChat(size: keyof typeof SIZES, colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({ baseURL, viewport: SIZES[size], colorScheme, storageState: session });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/chat');
    const chat = new ChatPage(page);
    await chat.messageBox().waitFor();
    return { page, chat };
  }
  const searchToggle = (page: Page) => page.getByRole('button', { name: 'Search my files' });
  const chipText = async (chat: ChatPage) => {
    const chip = chat.lastReply().getByTestId('citation-chip').first();
    await chip.waitFor();
    return (await chip.innerText()).replace(/\s+/g, ' ').trim();
  };

  for (const size of ['phone', 'desktop'] as const) {
    it(`answers from page 2 of the scan, cited by page, at ${size} width`, async () => {
      await setModelBehaviour({ kind: 'normal', reply: 'Before the first of March [1].' });
      const { page, chat } = await onChat(size, size === 'phone' ? 'dark' : 'light');
      await searchToggle(page).click();
      await chat.send('When must the tenant pay the marmalade levy?');
      await chat.waitForReply(1);
      expect(await chipText(chat)).toBe('[1] scan-3-pages.pdf · p. 2');
      // The model was given the words OCR read from page 2.
      expect(await lastPromptText()).toContain(
        '[1] scan-3-pages.pdf, p. 2\n<<<\nThe tenant shall pay the quarterly\nmarmalade levy before the first of\nMarch. This is page two.\n>>>',
      );
      await screenshot(page, `documents-scan-cited-${size === 'phone' ? 390 : 1366}-${size === 'phone' ? 'dark' : 'light'}`);
      await chat.lastReply().getByTestId('citation-chip').first().click();
      await page.getByRole('dialog').getByRole('heading', { name: 'scan-3-pages.pdf · p. 2' }).waitFor();
      await page.locator('[data-testid="pdf-preview"][data-page="2"]').waitFor();
    }, 120_000);
  }

  it('answers from a photo of a page, cited by its name', async () => {
    await setModelBehaviour({ kind: 'normal', reply: 'One porcelain elephant, paid in full [1].' });
    const { page, chat } = await onChat('phone');
    await searchToggle(page).click();
    await chat.send('What does the receipt for the porcelain elephant say?');
    await chat.waitForReply(1);
    expect(await chipText(chat)).toBe('[1] receipt.png');
    expect(await lastPromptText()).toContain('[1] receipt.png\n<<<\nReceipt for one porcelain elephant,\npaid in full at the market.\n>>>');
  }, 120_000);
});
