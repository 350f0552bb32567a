import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FileListResponse } from '../../contract/files';
import { AuthPage } from './pages/auth-page';
import { FilesPage } from './pages/files-page';
import { launchBrowser, screenshot, uniqueUser } from './support/browser';

/**
 * Issue 39's bulk import in the browser: a ZIP chosen from the Import menu, a folder chosen with
 * the folder picker, and a ZIP dropped on the file manager, each unpacked with its folders, with
 * progress and a summary naming what was skipped and why; the files are then indexed.
 */
const baseURL = inject('baseURL');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/** A ZIP of these entries; '../../evil' is written over 'QQ/QQ/evil' in the bytes (JSZip will not write '..'). */
async function manualsZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('readme.md', '# Tools\n\nThe tools of the team.\n', { createFolders: false });
  zip.file('net/ssh.txt', 'The -J option connects through a jump host.\n', { createFolders: false });
  zip.file('net/sync/rsync.txt', 'The --bwlimit option caps the transfer rate.\n', { createFolders: false });
  zip.file('QQ/QQ/evil.txt', 'climbs out', { createFolders: false });
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  for (let at = bytes.indexOf('QQ/QQ/evil'); at >= 0; at = bytes.indexOf('QQ/QQ/evil')) Buffer.from('../../evil').copy(bytes, at);
  return bytes;
}

const EVIL_REASON = 'A path that climbs out of the archive with "..": refused.';

describe('bulk import: a ZIP or a folder, into the file manager', () => {
  let browser: Browser;
  let zipBytes: Buffer;
  let folderRoot: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    zipBytes = await manualsZip();
    // A folder on disk for the folder picker: Clients/notes.md, Clients/Acme/invoice.txt, and a .DS_Store left out.
    folderRoot = mkdtempSync(join(tmpdir(), 'genie-e2e-import-'));
    mkdirSync(join(folderRoot, 'Clients', 'Acme'), { recursive: true });
    writeFileSync(join(folderRoot, 'Clients', 'notes.md'), '# Clients\n\nAcme pays by bank transfer.\n');
    writeFileSync(join(folderRoot, 'Clients', 'Acme', 'invoice.txt'), 'Invoice 2026-114: the quarterly harbour fee of 420 euros.\n');
    writeFileSync(join(folderRoot, 'Clients', '.DS_Store'), 'noise');
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(folderRoot, { recursive: true, force: true });
  });

  async function signedInOnFiles(size: keyof typeof SIZES = 'desktop', colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({ baseURL, viewport: SIZES[size], colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    await new AuthPage(page).signUp(uniqueUser());
    await page.waitForURL(`${baseURL}/chat`);
    const files = new FilesPage(page);
    await files.goto();
    return { page, files };
  }

  const panel = (page: Page) => page.getByTestId('import-panel');
  const result = (page: Page) => page.getByTestId('import-result');
  const skippedItems = async (page: Page) => (await page.getByTestId('import-skipped').getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

  async function chooseFromImportMenu(page: Page, item: RegExp, files: string | { name: string; mimeType: string; buffer: Buffer }) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await (await chooser).setFiles(files);
  }

  it('unpacks a ZIP chosen from the Import menu into folders, says what it skipped, and indexes the files', async () => {
    const { page, files } = await signedInOnFiles();
    await files.createFolder('Manuals');
    await files.openFolder('Manuals');
    await chooseFromImportMenu(page, /A ZIP archive/, { name: 'manuals.zip', mimeType: 'application/zip', buffer: zipBytes });

    await result(page).waitFor({ timeout: 60_000 });
    expect(await result(page).innerText()).toBe('Imported manuals.zip: 3 files added, 2 new folders.');
    expect(await skippedItems(page)).toEqual([`../../evil.txt: ${EVIL_REASON}`]);
    // The archive itself is not kept; its folders are, inside the folder that was open.
    await files.folder('net').waitFor();
    await files.item('readme.md').waitFor();
    expect(await files.item('manuals.zip').count()).toBe(0);
    await files.openFolder('net');
    await files.tile('ssh.txt').getByText('Indexed', { exact: true }).waitFor({ timeout: 90_000 });
    await files.openFolder('sync');
    await files.tile('rsync.txt').getByText('Indexed', { exact: true }).waitFor({ timeout: 90_000 });
    await screenshot(page, 'files-import-zip-1366-light');

    // The summary stays until dismissed.
    await page.getByRole('button', { name: 'Dismiss the import summary' }).click();
    expect(await panel(page).count()).toBe(0);
  }, 180_000);

  it('imports a folder chosen with the folder picker, its subfolders kept and system noise left out, at phone width', async () => {
    const { page, files } = await signedInOnFiles('phone', 'dark');
    await chooseFromImportMenu(page, /A folder/, join(folderRoot, 'Clients'));

    await result(page).waitFor({ timeout: 60_000 });
    expect(await result(page).innerText()).toBe('Imported Clients: 2 files added, 2 new folders.');
    expect(await page.getByTestId('import-skipped').count()).toBe(0);
    await screenshot(page, 'files-import-folder-390-dark');
    await files.openFolder('Clients');
    await files.item('notes.md').waitFor();
    await files.openFolder('Acme');
    await files.tile('invoice.txt').getByText('Indexed', { exact: true }).waitFor({ timeout: 90_000 });
    const search = (await (await page.request.get('/api/search?q=harbour%20fee')).json()) as { results: { fileName: string; folderPath: string }[] };
    expect(search.results.map((r) => [r.fileName, r.folderPath])).toEqual([['invoice.txt', 'Clients/Acme']]);
  }, 180_000);

  it('imports a ZIP dropped on the file manager, with the drop zone saying so, at both widths and in both themes', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, files } = await signedInOnFiles(size, scheme);
        const zone = page.locator('section').filter({ has: page.getByRole('heading', { name: 'File Manager' }) }).first();
        const transfer = await page.evaluateHandle((bytes) => {
          const dt = new DataTransfer();
          dt.items.add(new File([new Uint8Array(bytes)], 'manuals.zip', { type: 'application/zip' }));
          return dt;
        }, [...zipBytes]);
        await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
        await page.getByText('A folder or a ZIP is imported with its folders').waitFor();
        await screenshot(page, `files-import-dropzone-${size === 'phone' ? 390 : 1366}-${scheme}`);
        await zone.dispatchEvent('drop', { dataTransfer: transfer });
        await result(page).waitFor({ timeout: 60_000 });
        expect(await result(page).innerText()).toBe('Imported manuals.zip: 3 files added, 2 new folders.');
        await files.folder('net').waitFor();
        await screenshot(page, `files-import-summary-${size === 'phone' ? 390 : 1366}-${scheme}`);
        const home = (await (await page.request.get('/api/files')).json()) as FileListResponse;
        expect([home.folders.map((f) => f.name), home.files.map((f) => f.originalName)]).toEqual([['net'], ['readme.md']]);
        await page.context().close();
      }
    }
  }, 300_000);
});
