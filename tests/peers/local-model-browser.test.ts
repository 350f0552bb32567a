import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPage } from '../e2e/pages/admin-page';
import { AuthPage } from '../e2e/pages/auth-page';
import { ChatPage } from '../e2e/pages/chat-page';
import { PersonaCarouselPage } from '../e2e/pages/persona-carousel';
import { launchBrowser, screenshot, uniqueUser, VIEWPORTS } from '../e2e/support/browser';
import { startGenie, type RunningGenie } from '../e2e/support/genie-server';

/**
 * `local:` end to end in the browser: Genie started as `npm start` starts it, every persona
 * answered by the tiny GGUF model in its own process, driven in Chromium like tests/e2e.
 */
const MODEL = resolve('tests/fixtures/genie-tiny.gguf');
const ADMIN = { username: 'localadmin', password: 'a long admin passphrase for local' };

describe('a local model in the browser', () => {
  let workDir: string;
  let genie: RunningGenie;
  let browser: Browser;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'genie-local-e2e-'));
    const clientDir = join(workDir, 'client');
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', clientDir], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The client build failed.');
    genie = await startGenie(
      {
        DATA_DIR: join(workDir, 'data'),
        CLIENT_DIR: clientDir,
        DATABASE_URL: '',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        GENIE_MODEL_DEFAULT: `local:${MODEL}`,
        LOCAL_MODEL_THREADS: '1',
        LOCAL_MODEL_CONTEXT: '2048',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      180_000,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await genie?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('signs up, shows "Powered by genie-tiny.gguf", and answers a message from the file', async () => {
    const context = await browser.newContext({ baseURL: genie.url, viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await new AuthPage(page).signUp(uniqueUser());
    const carousel = new PersonaCarouselPage(page);
    await carousel.dialog().getByRole('article', { name: 'GENIE' }).getByText('Powered by genie-tiny.gguf', { exact: true }).waitFor();
    await carousel.skip();
    await carousel.waitClosed();
    const chat = new ChatPage(page);
    await chat.send('What does barb mean?');
    const reply = await chat.waitForReply(1);
    // The reply on screen is the one Genie stored from the model (the text is the tiny model's nonsense).
    const conversations = (await (await page.request.get('/api/conversations')).json()) as { conversations: Array<{ id: string }> };
    const stored = (await (await page.request.get(`/api/conversations/${conversations.conversations[0]!.id}`)).json()) as {
      messages: Array<{ role: string; content: string; status?: string }>;
    };
    const answer = stored.messages.find((m) => m.role === 'assistant')!;
    expect(answer.content.length).toBeGreaterThan(0);
    // Shown as rendered Markdown: the stored text without its emphasis marks, whitespace aside.
    const plain = (text: string) => text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
    expect(plain(reply)).toBe(plain(answer.content));
    await screenshot(page, 'local-model-chat-desktop');
    await context.close();
  });

  for (const [viewport, colorScheme] of [
    ['phone', 'light'],
    ['phone', 'dark'],
    ['desktop', 'light'],
    ['desktop', 'dark'],
  ] as const) {
    it(`shows the loaded model on the admin System tab (${viewport}, ${colorScheme})`, async () => {
      const size = viewport === 'phone' ? VIEWPORTS.phone : { width: 1366, height: 900 };
      const context = await browser.newContext({ baseURL: genie.url, viewport: size, colorScheme });
      const page = await context.newPage();
      const admin = new AdminPage(page);
      await admin.openLogin();
      await admin.signIn(ADMIN);
      await admin.openTab('System');
      const card = page.getByTestId('system-local-model');
      await card.getByText('genie-tiny.gguf', { exact: true }).waitFor();
      await card.getByText('Loaded', { exact: true }).waitFor();
      expect(await card.getByText('2,048 tokens', { exact: true }).count()).toBe(1);
      expect(await card.getByText(/^\d[\d,]* tokens\/s$/).count()).toBe(1);
      await screenshot(page, `local-model-system-${viewport}-${colorScheme}`);
      await context.close();
    });
  }
});
