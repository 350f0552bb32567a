import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  /** WCAG 1.4.10's reflow width (issue 44): nothing may scroll sideways. */
  narrow: { width: 320, height: 640 },
  /** A 1366×900 window at 200% zoom (WCAG 1.4.4): Chromium lays the page out in half the CSS pixels. */
  zoomed: { width: 683, height: 450 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1440, height: 900 },
  /** The laptop size issue 18 was looked at in. */
  laptop: { width: 1366, height: 900 },
} as const;

/** Debian's Chromium, never a downloaded one; Playwright gives each launch a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A context's options other than its address and size (a theme, a locale, bypassCSP for axe, a signed-in storageState). */
export type ContextOptions = Omit<BrowserContextOptions, 'baseURL' | 'viewport'>;

/** A context on `baseURL` at one of VIEWPORTS' sizes. */
export async function newContext(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS = 'desktop', options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], ...options });
}

const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

/** Saves a full-page screenshot under tests/e2e/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/**
 * What a screen taken for review must hold before it is taken: the theme the context asked for is
 * the page's, and nothing is wider than the viewport (a sideways scroll on a phone is a defect).
 */
export async function screenForReview(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    sidewaysOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
}

let counter = 0;
export function uniqueUser() {
  counter += 1;
  const id = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  return { email: `e2e${id}@example.com`, username: `e2e${id}`, password: 'a private passphrase' };
}
