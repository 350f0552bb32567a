import type { Browser, Download, Page } from 'playwright-core';
import { newContext, uniqueUser } from '../support/browser';
import { AuthPage } from './auth-page';

/** A new user in a fresh context: signed up (which lands on /chat), then on /files. */
export async function newUserOnFiles(browser: Browser, baseURL: string, viewport: Parameters<typeof newContext>[2] = 'desktop') {
  const context = await newContext(browser, baseURL, viewport);
  const page = await context.newPage();
  await new AuthPage(page).signUp(uniqueUser());
  await page.waitForURL(`${baseURL}/chat`);
  const files = new FilesPage(page);
  await files.goto();
  return { context, page, files };
}

/** The file manager at /files (SPEC §2). */
export class FilesPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/files');
    await this.page.getByRole('heading', { name: 'File Manager' }).waitFor();
  }

  /** Picks files through the Upload button's file chooser. */
  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await (await chooser).setFiles(files);
  }

  progressBar(fileName: string) {
    return this.page.getByRole('progressbar', { name: `Uploading ${fileName}` });
  }

  item(name: string) {
    return this.page.getByRole('button', { name: `Open ${name}`, exact: true });
  }

  /** The whole tile (grid) or row (list) of a file: its button, size, index badge and actions. */
  tile(name: string) {
    return this.page.getByTestId('file-item').filter({ has: this.item(name) });
  }

  folder(name: string) {
    return this.page.getByRole('button', { name: `Open folder ${name}`, exact: true });
  }

  async createFolder(name: string) {
    await this.page.getByRole('button', { name: 'New Folder' }).click();
    await this.page.getByPlaceholder('Folder name').fill(name);
    await this.page.getByPlaceholder('Folder name').press('Enter');
    await this.folder(name).waitFor();
  }

  async openFolder(name: string) {
    await this.folder(name).click();
    await this.page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(name, { exact: true }).waitFor();
  }

  async search(text: string) {
    await this.page.getByPlaceholder('Search files...').fill(text);
  }

  async switchView(view: 'grid' | 'list') {
    await this.page.getByRole('button', { name: view === 'grid' ? 'Grid view' : 'List view' }).click();
  }

  async download(name: string): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('link', { name: `Download ${name}` }).click();
    return download;
  }

  async delete(name: string) {
    await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  }

  toast(title: string) {
    // Radix also announces a toast in a live region: the first copy is the visible one.
    return this.page.getByText(title, { exact: true }).first();
  }

  breadcrumb() {
    return this.page.getByRole('navigation', { name: 'Breadcrumb' });
  }
}
