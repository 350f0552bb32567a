import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUserOnFiles } from './pages/files-page';
import { launchBrowser, screenshot } from './support/browser';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Slows the browser's uploads so a person (and the test) can see the progress bar move. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return cdp;
}

describe('the file manager in the browser', () => {
  let browser: Browser;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('uploads with a progress bar, makes and opens a folder, searches, switches views, downloads and deletes', async () => {
    const { context, page, files } = await newUserOnFiles(browser, baseURL);

    await page.getByText('No files yet').waitFor();
    await expect(page.getByText('Upload files or create folders to get started').count()).resolves.toBe(1);
    await screenshot(page, 'files-empty-desktop');

    const cdp = await throttleUploads(page, 1024 * 1024);
    await files.upload([
      { name: 'big-notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3 * 1024 * 1024, 'genie ') },
      { name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1PX },
    ]);
    const bar = files.progressBar('big-notes.txt');
    await bar.waitFor();
    await page.waitForFunction(() => {
      const value = document.querySelector('[aria-label="Uploading big-notes.txt"]')?.getAttribute('aria-valuenow');
      return value !== null && value !== undefined && Number(value) > 0 && Number(value) < 100;
    });
    await screenshot(page, 'files-uploading-desktop');
    await files.toast('Files uploaded!').waitFor({ timeout: 30_000 });
    await page.getByText('2 files uploaded successfully.').first().waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await files.item('big-notes.txt').waitFor();
    await expect(files.tile('big-notes.txt').textContent()).resolves.toContain('3.15 MB'); // 3,145,728 bytes in decimal units (contract/format.ts)
    await expect(files.item('pixel.png').locator('[data-category]').getAttribute('data-category')).resolves.toBe('image');

    await files.createFolder('Reports');
    await files.toast('Folder created successfully!').waitFor();
    await files.openFolder('Reports');
    await page.getByText('No files yet').waitFor();
    await files.upload([{ name: 'q3 summary.txt', mimeType: 'text/plain', buffer: Buffer.from('revenue up') }]);
    await files.item('q3 summary.txt').waitFor();
    await screenshot(page, 'files-folder-desktop');

    await files.breadcrumb().getByRole('button', { name: 'Home' }).click();
    await files.folder('Reports').waitFor();
    await files.search('summary');
    await files.item('q3 summary.txt').waitFor();
    await expect(files.item('big-notes.txt').count()).resolves.toBe(0);
    await files.search('');
    await files.item('big-notes.txt').waitFor();

    await files.switchView('list');
    await expect(page.getByTestId('file-date').count()).resolves.toBe(2);
    await screenshot(page, 'files-list-desktop');
    const download = await files.download('pixel.png');
    expect(download.suggestedFilename()).toBe('pixel.png');
    expect(await readFile((await download.path())!)).toEqual(PNG_1PX);

    // Deleting a file asks first (issue 18): Cancel keeps it, Delete file removes it.
    await files.delete('pixel.png');
    await page.getByRole('dialog', { name: 'Delete file “pixel.png”?' }).getByRole('button', { name: 'Cancel' }).click();
    await files.item('pixel.png').waitFor();
    await files.delete('pixel.png');
    await page.getByRole('dialog', { name: 'Delete file “pixel.png”?' }).getByRole('button', { name: 'Delete file' }).click();
    await files.toast('File deleted successfully!').waitFor();
    await expect(files.item('pixel.png').count()).resolves.toBe(0);
    await files.switchView('grid');
    await files.item('big-notes.txt').waitFor();
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { context, page, files } = await newUserOnFiles(browser, baseURL, 'phone');
    await page.getByText('No files yet').waitFor();
    await screenshot(page, 'files-empty-phone');
    await files.createFolder('Receipts');
    await files.upload([
      { name: 'a-rather-long-file-name-for-a-phone.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%âãÏÓ\n') },
      { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000') },
    ]);
    await files.item('song.mp3').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBe(390);
    await screenshot(page, 'files-grid-phone');
    await files.switchView('list');
    await screenshot(page, 'files-list-phone');
    await context.close();
  });

  it("draws a tile's name first and its actions just after, in the room kept for them", async () => {
    // A phone: where the actions show without hover.
    const { context, page, files } = await newUserOnFiles(browser, baseURL, 'phone');
    await files.upload([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Quarterly notes') }]);
    await files.item('notes.txt').waitFor();

    // On the next load: the tile as it is when it first enters the page (its buttons), and its
    // height once the page's stylesheets apply, which is the first moment it can be painted: a
    // layout read before then (the stylesheet still on its way, e.g. through the service worker
    // that is filling its cache) measures an unstyled tile nobody sees.
    await page.addInitScript(() => {
      const seen = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const tile = document.querySelector('[data-testid="file-item"]');
          if (!tile) return;
          observer.disconnect();
          const buttons = Array.from(tile.querySelectorAll('button'), (b) => b.getAttribute('aria-label'));
          const styled = () => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null);
          const measure = () => (styled() ? resolve({ height: tile.getBoundingClientRect().height, buttons }) : setTimeout(measure, 2));
          measure();
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      Object.assign(window, { firstTile: seen });
    });
    await page.reload();
    const first = (await page.evaluate('window.firstTile')) as { height: number; buttons: string[] };
    expect(first.buttons).toEqual(['Open notes.txt']);
    await page.getByRole('button', { name: 'Rename notes.txt' }).waitFor();
    await expect(page.getByRole('button', { name: 'Delete notes.txt' }).isVisible()).resolves.toBe(true);
    const tileNow = await page.getByTestId('file-item').boundingBox();
    expect(tileNow?.height).toBe(first.height);
    await context.close();
  });
});
