import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newContext, VIEWPORTS, type ContextOptions } from './browser';

export interface OpenOptions extends ContextOptions {
  viewport?: keyof typeof VIEWPORTS;
}

/**
 * The hooks most specs share, registered in the calling describe: one Chromium for the file, and
 * the contexts each test opens closed after it. `baseURL` is asked when a context opens, since a
 * spec that starts a Genie of its own learns its address in its beforeAll. (Apart from browser.ts,
 * which the benchmarks import outside vitest.)
 */
export function useBrowser(baseURL: () => string) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => browser?.close());

  const context = async ({ viewport = 'desktop', ...options }: OpenOptions = {}) => {
    const opened = await newContext(browser!, baseURL(), viewport, options);
    contexts.push(opened);
    return opened;
  };
  return {
    /** The file's Chromium (for a context the test closes itself). */
    browser: () => browser!,
    context,
    /** A new page in a context of its own, closed after the test. */
    page: async (options?: OpenOptions) => (await context(options)).newPage(),
  };
}
