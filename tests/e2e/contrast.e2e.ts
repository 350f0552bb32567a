import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AdminPage } from './pages/admin-page';
import { E2E_ADMIN } from './support/admin-credentials';
import { useChatSessions } from './support/chat-session';
import { installColourMaths, type ColourMaths } from './support/colour-maths';
import { contrastFailures } from './support/contrast';
import { setModelBehaviour } from './support/fake-model';

/** Issue 18: text is readable in both themes on every page (WCAG AA contrast of each visible text). */
describe('contrast in light and dark', () => {
  const sessions = useChatSessions();

  /** Each page once it has settled: animations off, so no text is caught mid-fade. */
  async function failuresOn(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
    if (path !== '') await page.goto(path);
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    await ready(page);
    return (await contrastFailures(page)).map((f) => `${path || 'chat'}: "${f.text}" ${f.ratio}:1 < ${f.required}:1 (${f.color} on ${f.background})`);
  }

  it('measures colours as WCAG does: black on white 21:1, a grey 4.48:1, half-transparent black over white a mid grey', async () => {
    const { page } = await sessions.newPage();
    await page.goto('/');
    await installColourMaths(page);
    const sums = await page.evaluate(() => {
      const { rgba, over, contrast } = (window as unknown as { genieColourMaths: ColourMaths }).genieColourMaths;
      const white = rgba('oklch(1 0 0)');
      return {
        white,
        blackOnWhite: contrast(rgba('#000'), white),
        grey: Math.round(contrast(rgba('#777'), white) * 100) / 100,
        half: over(rgba('rgb(0 0 0 / 0.5)'), white).map(Math.round),
      };
    });
    // The canvas keeps alpha in 255ths: 0.5 is stored as 128/255, so white shows through at 127.
    expect(sums).toEqual({ white: [255, 255, 255, 1], blackOnWhite: 21, grey: 4.48, half: [127, 127, 127] });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes AA on the landing page, chat, files, profile and admin (${colorScheme})`, async () => {
      const failures: string[] = [];
      const visitor = await sessions.newPage({ colorScheme });
      failures.push(...(await failuresOn(visitor.page, '/', (p) => p.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor())));
      failures.push(...(await failuresOn(visitor.page, '/premium', (p) => p.getByRole('heading', { level: 1 }).first().waitFor())));

      await setModelBehaviour({ kind: 'normal', reply: 'A reply with `code`, a [link](https://example.com) and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |' });
      const { page, chat } = await sessions.onChatScreen({ colorScheme });
      await chat.send('Hello there, what is contrast?');
      await chat.waitForReply(1);
      failures.push(...(await failuresOn(page, '', () => chat.lastReply().waitFor())));
      failures.push(...(await failuresOn(page, '/files', (p) => p.getByRole('heading', { level: 1 }).first().waitFor())));
      failures.push(...(await failuresOn(page, '/profile', (p) => p.getByRole('heading', { level: 1 }).first().waitFor())));

      const adminSession = await sessions.newPage({ colorScheme });
      const admin = new AdminPage(adminSession.page);
      await admin.openLogin();
      failures.push(...(await failuresOn(adminSession.page, '', (p) => p.getByRole('button', { name: /sign in|log in/i }).first().waitFor())));
      await admin.signIn(E2E_ADMIN);
      failures.push(...(await failuresOn(adminSession.page, '', (p) => p.getByRole('tablist').first().waitFor())));

      expect(failures).toEqual([]);
    });
  }
});
