import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileListResponse } from '../../contract/files';
import type { Behaviour } from '../fakes/fake-model-server';
import { pdfOfPages } from '../fakes/documents';
import { AuthPage } from './pages/auth-page';
import { ChatPage } from './pages/chat-page';
import { FilesPage } from './pages/files-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { launchBrowser, screenForReview, screenshot, uniqueUser } from './support/browser';

/**
 * Issue 16 in the browser: real PDFs uploaded, indexed, searched from chat with "Search my files"
 * (the whole library or only an @-mentioned file), cited, and opened at the cited page; and the
 * file manager's search over file contents.
 */
const baseURL = inject('baseURL');
const fakeModelUrl = inject('fakeModelUrl');

async function setModelBehaviour(behaviour: Behaviour) {
  const response = await fetch(new URL('/__fake/behaviour', fakeModelUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  expect(response.status).toBe(200);
}

/** Five pages; only page 3 says how the agreement ends, only page 5 carries markup as text. */
const ACME_PAGES = [
  'Master services agreement between Acme Corporation and Northwind Traders. This agreement sets out the services Acme provides.',
  'Fees and payment. Invoices are due within thirty days of their date, in euros, by bank transfer.',
  'Term and termination. Either party ends the Acme agreement by giving ninety days written notice. The notice period starts when the other party receives the letter.',
  'Confidentiality. Each party keeps the information of the other secret for five years after the work.',
  'Governing law. The courts of Ruritania decide disputes. The sample tag <img src=x onerror=alert(1)> is plain characters here.',
];
const BETA_PAGES = [
  'Mutual non-disclosure agreement with Beta Industries, for the joint pilot.',
  'Either party ends the Beta agreement by giving thirty days written notice to the other.',
];
const QUESTION = 'What notice ends the agreement?';

const SHOTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots', import.meta.url));

describe('documents: indexed, searched, cited and previewed in the browser', () => {
  let browser: Browser;
  /** One user's signed-in session (cookies and onboarding done), shared by every test. */
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;
  const contexts: BrowserContext[] = [];
  const ids: Record<string, string> = {};

  const contextAt = async (size: keyof typeof SHOTS = 'desktop', colorScheme: 'light' | 'dark' = 'light') => {
    const context = await browser.newContext({ baseURL, viewport: SHOTS[size], colorScheme, storageState: session });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL, viewport: SHOTS.desktop });
    const page = await context.newPage();
    await new AuthPage(page).signUp(uniqueUser());
    await page.waitForURL(`${baseURL}/chat`);
    const carousel = new PersonaCarouselPage(page);
    await carousel.skip();
    await carousel.waitClosed();

    const files = new FilesPage(page);
    await files.goto();
    await files.upload([
      { name: 'acme-msa.pdf', mimeType: 'application/pdf', buffer: pdfOfPages(ACME_PAGES) },
      { name: 'beta-nda.pdf', mimeType: 'application/pdf', buffer: pdfOfPages(BETA_PAGES) },
      // A scan: pages with no text layer, which indexing refuses with a sentence.
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdfOfPages(['', '']) },
    ]);
    // The list looks again while a file waits for the index, so the badges change on their own.
    await files.tile('acme-msa.pdf').getByText('Indexed', { exact: true }).waitFor({ timeout: 90_000 });
    await files.tile('beta-nda.pdf').getByText('Indexed', { exact: true }).waitFor({ timeout: 90_000 });
    await files.tile('scan.pdf').getByTestId('index-status').getByText(/^Not indexed/).waitFor({ timeout: 90_000 });
    const list = (await (await page.request.get('/api/files')).json()) as FileListResponse;
    for (const file of list.files) ids[file.originalName] = file.id;
    session = await context.storageState();
    await context.close();
  }, 240_000);

  afterEach(async () => {
    await setModelBehaviour({ kind: 'normal' });
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => browser?.close());

  async function onChat(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto('/chat');
    const chat = new ChatPage(page);
    await chat.messageBox().waitFor();
    return { page, chat };
  }

  const searchToggle = (page: Page) => page.getByRole('button', { name: 'Search my files' });
  const listbox = (page: Page) => page.getByRole('listbox', { name: 'Files and folders' });
  const previewDialog = (page: Page) => page.getByRole('dialog');
  const pdfPreview = (page: Page) => page.getByTestId('pdf-preview');

  /** A screenshot for a person to look at; with SHOTS_DIR set, also copied there. */
  async function shot(page: Page, name: string) {
    await screenshot(page, name);
    const out = process.env.SHOTS_DIR;
    if (!out) return;
    mkdirSync(out, { recursive: true });
    copyFileSync(`${SCREENSHOT_DIR}/${name}.png`, `${out}/${name}.png`);
  }

  /** Waits until the @ picker offers exactly these names (in any order). */
  async function optionsShown(page: Page, names: string[]) {
    const handle = await page.waitForFunction(
      (expected) => {
        const shown = [...document.querySelectorAll('#mention-listbox [data-mention-name]')].map((e) => e.textContent?.trim() ?? '').sort();
        return JSON.stringify(shown) === JSON.stringify(expected) ? shown : null;
      },
      [...names].sort(),
    );
    expect(await handle.jsonValue()).toEqual([...names].sort());
  }

  /** Waits until the preview has drawn `n` and answers the drawn page's words. */
  async function previewedPage(page: Page, n: number) {
    await page.locator(`[data-testid="pdf-preview"][data-page="${n}"]`).waitFor();
    return (await page.getByTestId('pdf-page-text').textContent()) ?? '';
  }

  it('shows each file’s indexing state, with the failure’s sentence', async () => {
    const context = await contextAt();
    const page = await context.newPage();
    const files = new FilesPage(page);
    await files.goto();
    const list = (await (await page.request.get('/api/files')).json()) as FileListResponse;
    const scan = list.files.find((f) => f.originalName === 'scan.pdf')!;
    expect(scan.indexStatus).toBe('failed');
    expect(scan.indexError).toBe('No text was found in this file, neither in a text layer nor by OCR of its pages.');
    const badge = files.tile('scan.pdf').getByTestId('index-status');
    expect(await badge.getAttribute('title')).toBe(scan.indexError);
    // The tile's button names the file; the state and its sentence describe it to a screen reader.
    expect(await files.item('scan.pdf').getAttribute('aria-describedby')).toBe(`index-status-${scan.id}`);
    expect((await badge.textContent())?.replace(/\s+/g, ' ')).toBe(`Not indexed: ${scan.indexError}`);
    expect(await files.tile('acme-msa.pdf').getByTestId('index-status').textContent()).toBe('Indexed');
    // No hover on a phone: the list view writes the sentence under the name.
    await files.switchView('list');
    expect(await files.tile('scan.pdf').getByTestId('index-error').innerText()).toBe(scan.indexError);
    expect(await files.tile('acme-msa.pdf').getByTestId('index-error').count()).toBe(0);
  });

  it('answers with "Search my files" on, cites file and page, and opens the PDF at that page', async () => {
    await setModelBehaviour({ kind: 'normal', reply: 'Either party ends it with ninety days written notice [1].' });
    const context = await contextAt();
    const { page, chat } = await onChat(context);
    await searchToggle(page).click();
    expect(await searchToggle(page).getAttribute('aria-pressed')).toBe('true');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
    await chat.send('How does a party end the Acme agreement with notice?');
    expect(((await request).postDataJSON() as { knowledge?: unknown }).knowledge).toEqual({ scope: 'all' });
    await chat.waitForReply(1);

    const chip = chat.lastReply().getByTestId('citation-chip').first();
    await chip.waitFor();
    expect((await chip.innerText()).replace(/\s+/g, ' ').trim()).toBe('[1] acme-msa.pdf · p. 3');
    await chip.click();
    await previewDialog(page).getByRole('heading', { name: 'acme-msa.pdf · p. 3' }).waitFor();
    expect(await previewedPage(page, 3)).toContain('Either party ends the Acme agreement by giving ninety days written notice.');
    expect(await page.getByTestId('pdf-page-label').textContent()).toBe('Page 3 of 5');
    expect(await pdfPreview(page).getByRole('img').getAttribute('aria-label')).toBe('acme-msa.pdf, page 3 of 5');
    await page.getByRole('button', { name: 'Next page' }).click();
    expect(await previewedPage(page, 4)).toContain('Confidentiality.');
    await page.keyboard.press('Escape');
    await previewDialog(page).waitFor({ state: 'detached' });

    // Stored with the message: the conversation reopened after a reload shows the same chip.
    await page.reload();
    await chat.conversation(/^How does a party end the Acme agreement/).click();
    await chat.lastReply().getByTestId('citation-chip').first().waitFor();
    expect((await chat.lastReply().getByTestId('citation-chip').first().innerText()).replace(/\s+/g, ' ').trim()).toBe('[1] acme-msa.pdf · p. 3');
  });

  it('narrows the search to a file picked with @ (arrows, Enter, Escape), shown as a removable chip', async () => {
    await setModelBehaviour({ kind: 'normal', reply: 'Thirty days [1].' });
    const context = await contextAt('phone');
    const { page, chat } = await onChat(context);
    const box = chat.messageBox();
    expect(await searchToggle(page).getAttribute('aria-pressed')).toBe('false');

    // An @ inside a word (an address) opens nothing.
    await box.pressSequentially('write to ana@exa');
    expect(await listbox(page).count()).toBe(0);
    await box.fill('');

    await box.pressSequentially(`${QUESTION} @`);
    // A bare @ offers the top of the library; a file whose text could not be indexed says so.
    await optionsShown(page, ['acme-msa.pdf', 'beta-nda.pdf', 'scan.pdf']);
    expect(await listbox(page).getByRole('option', { name: /scan\.pdf/ }).innerText()).toContain('Text not searchable');
    expect(await listbox(page).getByRole('option', { name: /acme-msa\.pdf/ }).innerText()).toContain('File');
    // Escape closes it for this @ and leaves the text alone.
    await box.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(`${QUESTION} @`);
    await box.pressSequentially('-n');
    expect(await listbox(page).count()).toBe(0);
    // A new @ opens it again.
    await box.press('Backspace');
    await box.press('Backspace');
    await box.press('Backspace');
    await box.pressSequentially('@-nda');
    // The last list stays up until the new one comes: wait for the one the name matches.
    await optionsShown(page, ['beta-nda.pdf']);
    await box.press('Backspace');
    await box.press('Backspace');
    await box.press('Backspace');
    await box.press('Backspace');
    await box.pressSequentially('a.pdf');
    // Both agreements end in "a.pdf"; the message box points at the active one, and arrows move it.
    await optionsShown(page, ['acme-msa.pdf', 'beta-nda.pdf']);
    const options = listbox(page).getByRole('option');
    const activeName = async () => {
      const id = await box.getAttribute('aria-activedescendant');
      return page.locator(`[id="${id}"] [data-mention-name]`).innerText();
    };
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    const first = await activeName();
    await box.press('ArrowDown');
    const second = await activeName();
    expect([first, second].sort()).toEqual(['acme-msa.pdf', 'beta-nda.pdf']);
    if (second !== 'beta-nda.pdf') await box.press('ArrowUp');
    expect(await activeName()).toBe('beta-nda.pdf');
    await box.press('Enter');

    await listbox(page).waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(`${QUESTION} `);
    const chips = page.getByTestId('mention-chip');
    expect(await chips.count()).toBe(1);
    expect((await chips.first().innerText()).trim()).toBe('beta-nda.pdf');
    expect(await searchToggle(page).getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'documents-mention-chip-390-light');

    const request = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
    await chat.sendButton().click();
    expect(((await request).postDataJSON() as { knowledge?: unknown }).knowledge).toEqual({ scope: 'all', fileIds: [ids['beta-nda.pdf']] });
    await chat.waitForReply(1);
    const cited = chat.lastReply().getByTestId('citation-chip');
    await cited.first().waitFor();
    for (const text of await cited.allInnerTexts()) expect(text).toContain('beta-nda.pdf');
    expect((await cited.first().innerText()).replace(/\s+/g, ' ').trim()).toBe('[1] beta-nda.pdf · p. 2');

    // The chip's × takes the narrowing away; the toggle stays on for the whole library.
    await page.getByRole('button', { name: 'Stop searching in beta-nda.pdf' }).click();
    expect(await chips.count()).toBe(0);
    expect(await searchToggle(page).getAttribute('aria-pressed')).toBe('true');

    // A folder is picked the same way and asked for by id.
    const created = await page.request.post('/api/folders', { data: { name: 'Contracts' } });
    expect(created.status()).toBe(201);
    const folder = (await created.json()) as { id: string };
    await box.pressSequentially('Who signed? @Contr');
    await optionsShown(page, ['Contracts']);
    expect(await listbox(page).getByRole('option', { name: /Contracts/ }).innerText()).toContain('Folder');
    await box.press('Tab');
    expect((await chips.first().innerText()).trim()).toBe('Contracts');
    const folderRequest = page.waitForRequest((r) => r.url().endsWith('/api/chat') && r.method() === 'POST');
    await chat.sendButton().click();
    expect(((await folderRequest).postDataJSON() as { knowledge?: unknown }).knowledge).toEqual({ scope: 'all', folderIds: [folder.id] });
    await chat.waitForReply(2);
    // Turning "Search my files" off drops the narrowing with it.
    await searchToggle(page).click();
    expect(await chips.count()).toBe(0);
  });

  it('searches file contents from the file manager: passages with file and page, marked safely, opening at the page', async () => {
    const context = await contextAt('phone');
    const page = await context.newPage();
    const files = new FilesPage(page);
    await files.goto();

    await files.search('ninety days');
    const results = page.getByTestId('passage-results');
    await results.waitFor();
    const top = results.getByRole('listitem').first();
    expect(await top.getByTestId('passage-source').innerText()).toBe('acme-msa.pdf');
    expect(await top.getByTestId('passage-page').innerText()).toBe('p. 3');
    const marked = (await top.locator('mark').allInnerTexts()).map((t) => t.toLowerCase());
    expect(marked).toContain('ninety');

    // A passage holding markup shows it as characters: no element is made from it.
    await files.search('Ruritania');
    const tagged = results.getByRole('listitem').filter({ hasText: '<img src=x onerror=alert(1)>' });
    await tagged.waitFor();
    expect(await results.locator('img').count()).toBe(0);
    expect(await tagged.getByTestId('passage-page').innerText()).toBe('p. 5');

    await files.search('ninety days');
    await results.getByRole('listitem').filter({ hasText: 'ninety' }).first().getByRole('button').click();
    await previewDialog(page).getByRole('heading', { name: 'acme-msa.pdf · p. 3' }).waitFor();
    expect(await previewedPage(page, 3)).toContain('ninety days written notice');
  });

  /**
   * For a person to look at: the @ picker, cited reply, open preview and content search at phone
   * and desktop width, light and dark.
   */
  it('takes the screens at 390 and 1366 wide, light and dark', async () => {
    await setModelBehaviour({ kind: 'normal', reply: 'Either party ends the Acme agreement with ninety days written notice [1].' });
    for (const size of ['phone', 'desktop'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const tag = `${size === 'phone' ? '390' : '1366'}-${scheme}`;
        const review = async (page: Page, name: string) => {
          expect([name, await screenForReview(page)]).toEqual([name, { theme: scheme, sidewaysOverflow: 0 }]);
          await shot(page, name);
        };
        const context = await contextAt(size, scheme);
        const { page, chat } = await onChat(context);
        await chat.messageBox().pressSequentially('How does a party end the Acme agreement with notice? @');
        await listbox(page).getByRole('option').first().waitFor();
        await review(page, `documents-mention-listbox-${tag}`);
        await chat.messageBox().press('Escape');
        await chat.messageBox().press('Backspace');
        await searchToggle(page).click();
        await chat.sendButton().click();
        await chat.waitForReply(1);
        await chat.lastReply().getByTestId('citation-chip').first().waitFor();
        await review(page, `documents-citations-${tag}`);
        await chat.lastReply().getByTestId('citation-chip').first().click();
        await previewedPage(page, 3);
        await review(page, `documents-preview-${tag}`);
        await page.keyboard.press('Escape');

        const files = new FilesPage(page);
        await files.goto();
        await files.item('scan.pdf').waitFor();
        await review(page, `documents-index-states-${tag}`);
        await files.switchView('list');
        await files.tile('scan.pdf').getByTestId('index-error').waitFor();
        await review(page, `documents-index-states-list-${tag}`);
        await files.search('notice');
        await page.getByTestId('passage-results').waitFor();
        await review(page, `documents-content-search-${tag}`);
        await context.close();
      }
    }
  }, 300_000);
});
