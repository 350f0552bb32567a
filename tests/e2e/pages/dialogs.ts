import type { Page } from 'playwright-core';

/** The message of the next alert/confirm the page opens, answering it (accept by default). */
export function nextDialog(page: Page, answer: 'accept' | 'dismiss' = 'accept'): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const seen = { type: dialog.type(), message: dialog.message() };
      await (answer === 'accept' ? dialog.accept() : dialog.dismiss());
      resolve(seen);
    });
  });
}
