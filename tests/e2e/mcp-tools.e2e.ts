import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../fakes/fake-model-server';
import { freePort } from '../support/free-port';
import { filesystemMcpServer } from '../support/mcp-filesystem';
import { AdminPage } from './pages/admin-page';
import { AuthPage } from './pages/auth-page';
import { ChatPage } from './pages/chat-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { launchBrowser, newContext, screenshot, uniqueUser } from './support/browser';
import { startGenie, type RunningGenie } from './support/genie-server';

const ADMIN = { username: 'mcp-admin', password: 'an mcp admin passphrase' };

/**
 * MCP tools in chat (issue 40), in the browser: a Genie of its own with the reference filesystem
 * MCP server, its own fake model making the calls. The screenshots (approval, the reply's tool
 * block, the admin's MCP section) are saved at phone and laptop size, light and dark.
 */
describe('MCP tools in chat', () => {
  let browser: Browser;
  let fake: FakeModelServer;
  let genie: RunningGenie;
  let fs: ReturnType<typeof filesystemMcpServer>;
  let dataDir: string;
  let baseURL: string;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    fs = filesystemMcpServer('files');
    dataDir = mkdtempSync(join(tmpdir(), 'genie-e2e-mcp-'));
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    genie = await startGenie(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        CLIENT_DIR: inject('clientDir'),
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
        GENIE_MODEL_TITLES: 'false',
        MCP_SERVERS: fs.setting,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      180_000,
    );
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await genie?.stop();
    await fake?.close();
    fs?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const looks = [
    ['phone', 'light'],
    ['laptop', 'dark'],
    ['phone', 'dark'],
    ['laptop', 'light'],
  ] as const;

  for (const [viewport, colorScheme] of looks) {
    it(`asks before writing a file, writes once allowed, and shows the call in the reply (${viewport}, ${colorScheme})`, async () => {
      const context = await newContext(browser, baseURL, viewport, { colorScheme });
      const page = await context.newPage();
      await new AuthPage(page).signUp(uniqueUser());
      await page.waitForURL(`${baseURL}/chat`);
      const carousel = new PersonaCarouselPage(page);
      await carousel.skip();
      await carousel.waitClosed();
      const chat = new ChatPage(page);

      const path = join(fs.dir, `note-${viewport}-${colorScheme}.txt`);
      fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'files__write_file', arguments: { path, content: 'Ship on Friday.' } }] });
      await chat.send('Save a note that we ship on Friday');

      const card = page.getByTestId('tool-approval');
      await card.waitFor({ timeout: 60_000 });
      expect(await card.textContent()).toContain('The reply wants to run write_file from files.');
      expect(existsSync(path)).toBe(false);
      await screenshot(page, `mcp-approval-${viewport}-${colorScheme}`);

      await card.getByRole('button', { name: 'Allow' }).click();
      const text = await chat.waitForReply(1);
      expect(text).toBe(`Fake reply from tool: Successfully wrote to ${path}`);
      expect(readFileSync(path, 'utf8')).toBe('Ship on Friday.');
      const block = chat.lastReply().getByTestId('tool-call');
      expect(await block.locator('summary').textContent()).toBe('Used write_file from filesDone');
      await block.locator('summary').click();
      expect(await block.textContent()).toContain('"content": "Ship on Friday."');
      await screenshot(page, `mcp-tool-block-${viewport}-${colorScheme}`);
      await context.close();
    }, 180_000);
  }

  it('denied: nothing is written and the block says the tool did not run', async () => {
    const context = await newContext(browser, baseURL, 'laptop');
    const page = await context.newPage();
    await new AuthPage(page).signUp(uniqueUser());
    await page.waitForURL(`${baseURL}/chat`);
    const carousel = new PersonaCarouselPage(page);
    await carousel.skip();
    await carousel.waitClosed();
    const chat = new ChatPage(page);
    const path = join(fs.dir, 'denied.txt');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'files__write_file', arguments: { path, content: 'no' } }] });
    await chat.send('Save a note');
    await page.getByTestId('tool-approval').getByRole('button', { name: 'Deny' }).click();
    expect(await chat.waitForReply(1)).toBe('Fake reply from tool: You denied this call; the tool did not run.');
    expect(await chat.lastReply().getByTestId('tool-call').locator('summary').textContent()).toBe('Used write_file from filesNot run');
    expect(existsSync(path)).toBe(false);
    await context.close();
  }, 180_000);

  for (const [viewport, colorScheme] of looks) {
    it(`lists the MCP server and its tools on the admin's System tab, with a switch per tool (${viewport}, ${colorScheme})`, async () => {
      const context = await newContext(browser, baseURL, viewport, { colorScheme });
      const page = await context.newPage();
      const admin = new AdminPage(page);
      await admin.openLogin();
      await admin.signIn(ADMIN);
      await page.waitForURL(`${baseURL}/admin`);
      await admin.openTab('System');
      const section = page.getByTestId('mcp-servers');
      await section.waitFor();
      expect(await section.textContent()).toContain('filesReadystdio');
      const toggle = section.getByRole('checkbox', { name: 'Offer files write_file' });
      expect(await toggle.isChecked()).toBe(true);
      await screenshot(page, `mcp-admin-${viewport}-${colorScheme}`);
      await context.close();
    }, 120_000);
  }

  it('turns a tool off for everyone from the admin console', async () => {
    const context = await newContext(browser, baseURL, 'laptop');
    const page = await context.newPage();
    const admin = new AdminPage(page);
    await admin.openLogin();
    await admin.signIn(ADMIN);
    await page.waitForURL(`${baseURL}/admin`);
    await admin.openTab('System');
    const toggle = page.getByTestId('mcp-servers').getByRole('checkbox', { name: 'Offer files write_file' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 20_000 }).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 20_000 }).toBe(true);
    await context.close();
  }, 120_000);
});
