import type { Page } from 'playwright-core';
import { useBrowser, type OpenOptions } from './browser-hooks';

/** What a page in another language collects: warnings of keys no language has, and alerts (accepted). */
export interface LanguagePage {
  page: Page;
  /** `i18n missing key ...` lines from the console (client/src/lib/i18n/i18n.ts says them). */
  missing: string[];
  alerts: string[];
}

/**
 * Issue 44's language specs: the file's browser (useBrowser's hooks) and pages whose browser speaks
 * `locale` (navigator.languages and Accept-Language), each collecting missing-key warnings.
 */
export function useLanguagePages(baseURL: () => string) {
  const browser = useBrowser(baseURL);
  return async function pageIn(locale: string, options: OpenOptions = {}): Promise<LanguagePage> {
    const page = await browser.page({ ...options, locale });
    const missing: string[] = [];
    const alerts: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('i18n missing key')) missing.push(message.text());
    });
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    return { page, missing, alerts };
  };
}
