import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from './support/browser';
import { useChatSessions } from './support/chat-session';

const baseURL = inject('baseURL');
const clientDir = inject('clientDir');

/** Every URL stored in the page's caches (Cache Storage), as paths. */
const cachedPaths = `(async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
  }
  return paths;
})()`;

describe('installable app (issue 44)', () => {
  const sessions = useChatSessions();

  it('serves a valid manifest and the worker with no-cache, linked from the page', async () => {
    const manifest = await fetch(`${baseURL}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({
      name: 'Genie',
      short_name: 'Genie',
      description: 'Your private AI assistant',
      id: '/chat',
      start_url: '/chat',
      scope: '/',
      display: 'standalone',
      background_color: '#f8fafc',
      theme_color: '#7c3aed',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    const worker = await fetch(`${baseURL}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const source = await worker.text();
    expect(source).not.toContain('__GENIE_PRECACHE__');
    expect(source).toMatch(/const PRECACHE = \[.*"\/index\.html".*\];/);

    const { page } = await sessions.newPage();
    await page.goto('/');
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      themeColors: [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => [m.getAttribute('media'), m.getAttribute('content')]),
    }));
    expect(head).toEqual({
      manifest: '/manifest.webmanifest',
      appleTouchIcon: '/icons/apple-touch-icon.png',
      themeColors: [
        ['(prefers-color-scheme: light)', '#f8fafc'],
        ['(prefers-color-scheme: dark)', '#020618'],
      ],
    });
    // Each icon the manifest names is a PNG of the size it says (width and height from the IHDR chunk).
    for (const [src, size] of [['/icons/icon-192.png', 192], ['/icons/icon-512.png', 512], ['/icons/icon-maskable-512.png', 512], ['/icons/apple-touch-icon.png', 180]] as const) {
      const bytes = Buffer.from(await (await fetch(`${baseURL}${src}`)).arrayBuffer());
      expect([src, bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([src, size, size]);
    }
  });

  it('controls the page, never stores an /api/ answer, and opens /chat offline with the offline sentence', async () => {
    const { context, page, chat } = await sessions.onChatScreen();
    // Signed-in traffic with the worker in control: a reply, the conversation list, the user.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await chat.messageBox().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
    // Chromium's own installability check (what its install prompt and Lighthouse ask). Playwright's
    // contexts are incognito profiles, which Chromium never installs from: that is the one error
    // left, so the manifest, icons, worker and secure origin all pass.
    const devtools = await context.newCDPSession(page);
    expect(await devtools.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [{ errorId: 'in-incognito', errorArguments: [] }] });
    await chat.send('Hello while the worker watches.');
    await chat.waitForReply(1);
    await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status));

    const paths = (await page.evaluate(cachedPaths)) as string[];
    expect(paths).toContain('/index.html');
    expect(paths.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(paths.filter((path) => path.startsWith('/api'))).toEqual([]);
    // No page of the user's is stored either: a signed-in page carries their first reads.
    expect(paths.filter((path) => !path.startsWith('/assets/') && !/\.(png|js|webmanifest|html)$/.test(path))).toEqual([]);
    expect(paths).not.toContain('/chat');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    const offline = page.getByTestId('offline-screen');
    expect(await offline.locator('h1, p, button').allTextContents()).toEqual([
      'You are offline',
      'Genie cannot reach its server. Your conversations are safe there and will be back when the connection is.',
      'Try again',
    ]);
    // The app's own stylesheet came from the cache: the card is styled, not the browser's defaults.
    expect(await page.getByRole('button', { name: 'Try again' }).evaluate((b) => getComputedStyle(b).borderRadius)).not.toBe('0px');
    // Back online, Try again brings the app back.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await chat.messageBox().waitFor();
    expect(await page.getByTestId('offline-screen').count()).toBe(0);
  });
  it('offers a reload when a new version is deployed, and the new version takes over on Reload', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await chat.messageBox().waitFor();
    const firstVersion = (await page.evaluate(() => caches.keys())) as string[];
    expect(firstVersion).toHaveLength(1);
    expect(await page.getByText('A new version of Genie is available.').count()).toBe(0);

    // A deploy: the build writes a worker with a new version. Its compressed copies are set aside
    // so the server sends the new bytes, and everything is put back for the files after this one.
    const worker = join(clientDir, 'sw.js');
    const deployed = readFileSync(worker, 'utf8');
    const compressed = ['.br', '.gz'].map((ext) => worker + ext).filter((file) => existsSync(file));
    try {
      for (const file of compressed) renameSync(file, `${file}.kept`);
      writeFileSync(worker, deployed.replace(/^const VERSION = .*;$/m, 'const VERSION = "next-deploy";'));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

      const prompt = page.getByRole('status').filter({ hasText: 'A new version of Genie is available.' });
      await prompt.waitFor();
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await chat.messageBox().waitFor();
      // The new worker controls the page and the old version's shell cache is gone.
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(['genie-shell-next-deploy']);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting === null))).toBe(true);
      expect(await page.getByText('A new version of Genie is available.').count()).toBe(0);
    } finally {
      writeFileSync(worker, deployed);
      for (const file of compressed) renameSync(`${file}.kept`, file);
    }
  });

  it('passes Chromium’s installability check with no error in a profile of its own (what Lighthouse’s installable audit asks)', async () => {
    // A real profile on disk, not Playwright's incognito context, which Chromium never installs from.
    const profile = mkdtempSync(join(tmpdir(), 'genie-installable-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      const devtools = await context.newCDPSession(page);
      await expect.poll(async () => devtools.send('Page.getInstallabilityErrors'), { timeout: 10_000 }).toEqual({ installabilityErrors: [] });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
