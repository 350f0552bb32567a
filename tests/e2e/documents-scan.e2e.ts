import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuthPage } from './pages/auth-page';
import { ChatPage } from './pages/chat-page';
import { FilesPage } from './pages/files-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { launchBrowser, screenshot, uniqueUser } from './support/browser';
import { setModelBehaviour } from './support/fake-model';
import { pdfOfPages } from '../fakes/documents';

/**
 * Issue 39 in the browser: a scanned PDF (no text layer) and a photo of a page, uploaded through
 * the file manager, are read by OCR and indexed; "Search my files" answers from the scan's page 2
 * and from the photo, cited by file and page, at phone and desktop width.
 * The fixtures were made by tests/fixtures/ocr/make-ocr-fixtures.ts.
 */
const baseURL = inject('baseURL');
const fakeModelUrl = inject('fakeModelUrl');
const fixture = (name: string) => readFileSync(new URL(`../fixtures/ocr/${name}`, import.meta.url));
/** An 80-page PDF of about 1,500 characters a page; only page 57 says what colour the crane was repainted. */
const FACT = 'The harbour crane on pier nine was repainted cobalt blue in the spring.';
const LONG_PDF = pdfOfPages(
  Array.from({ length: 80 }, (_, i) => {
    const filler = Array.from({ length: 12 }, (_, s) => `Page ${i + 1} item ${s}: the finance team recorded ledger entry ${(i + 1) * 17 + s} for the northern office.`).join(' ');
    return i + 1 === 57 ? `${filler} ${FACT}` : filler;
  }),
);
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
    await files.tile('scan-3-pages.pdf').getByText('Indexed', { exact: true }).waitFor({ timeout: 150_000 });
    await files.tile('receipt.png').getByText('Indexed', { exact: true }).waitFor({ timeout: 150_000 });
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

  for (const size of ['phone', 'desktop'] as const) {
    it(`answers from page 57 of an 80-page PDF attached in chat, cited by page, at ${size} width`, async () => {
      await setModelBehaviour({ kind: 'normal', reply: 'It was repainted cobalt blue [1].' });
      const { page, chat } = await onChat(size);
      await page.getByTestId('attach-input').setInputFiles({ name: 'annual-review.pdf', mimeType: 'application/pdf', buffer: LONG_PDF });
      await page.getByRole('list', { name: 'Attachments' }).getByRole('listitem').waitFor();
      await chat.send('What colour was the harbour crane on pier nine repainted?');
      await chat.waitForReply(1);
      expect(await chipText(chat)).toBe('[1] annual-review.pdf · p. 57');
      expect((await lastPromptText()).replace(/\s+/g, ' ')).toContain(FACT);
      await screenshot(page, `documents-long-attachment-${size === 'phone' ? 390 : 1366}-light`);
    }, 180_000);
  }

  it('summarises the whole 80-page PDF in parts, one model call each, and says so', async () => {
    await setModelBehaviour({ kind: 'normal', reply: 'Ledger entries of the northern office.' });
    const { page, chat } = await onChat('desktop', 'dark');
    await page.getByTestId('attach-input').setInputFiles({ name: 'annual-review.pdf', mimeType: 'application/pdf', buffer: LONG_PDF });
    await page.getByRole('list', { name: 'Attachments' }).getByRole('listitem').waitFor();
    await chat.send('Summarise this document');
    const text = await chat.waitForReply(1);
    expect(text.replace(/\s+/g, ' ').trim()).toMatch(
      /^Ledger entries of the northern office\. Read "annual-review\.pdf" in \d+ parts, one model call each: the whole file does not fit the model's window\.$/,
    );
    await screenshot(page, 'documents-summary-in-parts-1366-dark');
  }, 180_000);

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
