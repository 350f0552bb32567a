import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PersonaTourPage } from './pages/persona-tour';
import { screenshot, VIEWPORTS } from './support/browser';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';

/**
 * The chat's screens at a phone (390×844) and a laptop (1366×900), light and dark, saved for a
 * person to look at (issue 18): empty, a long reply with code, a table and math, versions 1/2,
 * an edit branch, the conversation search (Ctrl+K), the shortcuts dialog and, on the phone, the
 * open sidebar. Each also checks what a reader would trip over: no sideways scrolling of the page
 * (wide code and tables scroll on their own), and a sidebar that shows several conversations.
 */
const LONG_LINE = `const settings = { ${Array.from({ length: 12 }, (_, i) => `option${i}: ${i}`).join(', ')} };`;
const LONG_REPLY = [
  'Here is a **summary** of the plan, with the code, the numbers and the formula.',
  '',
  '```ts',
  LONG_LINE,
  'console.log(settings);',
  '```',
  '',
  '| Quarter | Revenue | Costs | Margin | Headcount | Region | Notes |',
  '|---|---|---|---|---|---|---|',
  '| Q1 | $120,000 | $80,000 | 33% | 12 | Europe | Launch of the self-hosted edition |',
  '| Q2 | $150,000 | $90,000 | 40% | 14 | Americas | Team plans and the shared library |',
  '',
  'The growth follows $$g = \\frac{R_2 - R_1}{R_1} = 25\\%$$',
  '',
  ...Array.from({ length: 4 }, (_, i) => `${i + 1}. A longer paragraph that wraps on a phone, so the reply is read by scrolling down rather than sideways; point ${i + 1}.`),
].join('\n');

describe('chat screens', () => {
  const sessions = useChatSessions();

  /** Nothing on the page is wider than the window (the page never scrolls sideways). */
  const pageOverflow = (page: Page) =>
    page.evaluate(() => {
      const scroller = document.querySelector('main [data-scroll-container]');
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        conversation: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      };
    });

  it('phone onboarding: the carousel and the tour fit the screen, their controls clear of the text', async () => {
    const { page, carousel } = await sessions.signedUp({ viewport: 'phone' });
    await screenshot(page, 'chat-carousel-phone-light');
    // Every button of the carousel lies inside the window, and none overlaps another.
    const boxes = await carousel
      .dialog()
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((b) => b.getBoundingClientRect().width > 0 && b.closest('[aria-hidden="true"], [inert]') === null)
          .map((b) => ({ name: b.getAttribute('aria-label') ?? b.textContent ?? '', ...b.getBoundingClientRect().toJSON() })),
      );
    const { width, height } = VIEWPORTS.phone;
    for (const box of boxes) expect({ name: box.name, inside: box.left >= 0 && box.right <= width && box.bottom <= height }).toEqual({ name: box.name, inside: true });
    const overlapping = boxes.flatMap((a, i) =>
      boxes.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map((b) => `${a.name} / ${b.name}`),
    );
    expect(overlapping).toEqual([]);
    // The arrows and dots sit on a solid bar: no text of the slide shows beside them.
    const dots = (await carousel.dialog().getByRole('button', { name: 'Next persona' }).boundingBox())!;
    const textBesideControls = await carousel.dialog().evaluate((dialog, y) => {
      const hits = new Set<string>();
      for (let x = 4; x < innerWidth; x += 8) {
        const top = document.elementFromPoint(x, y);
        if (top && top.closest('[aria-roledescription="carousel"]')) hits.add(top.textContent?.trim().slice(0, 30) ?? '');
      }
      return [...hits];
    }, dots.y + dots.height / 2);
    expect(textBesideControls).toEqual([]);
    await carousel.skip();
    await carousel.waitClosed();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Meet the Genies' }).click();
    const tour = new PersonaTourPage(page);
    await tour.dialog().waitFor();
    const next = tour.dialog().getByRole('button', { name: 'Next', exact: true });
    const box = (await next.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await next.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'chat-tour-phone-light');
  });

  for (const viewport of ['phone', 'laptop'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`${viewport}, ${colorScheme}`, async () => {
        const name = (state: string) => `chat-${state}-${viewport}-${colorScheme}`;
        const { page, chat } = await sessions.onChatScreen({ viewport, colorScheme });
        const animationsOff = () => page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
        await animationsOff();
        await screenshot(page, name('empty'));

        await setModelBehaviour({ kind: 'normal', reply: LONG_REPLY });
        await chat.send('Hello there, could you summarise the plan with code, a table and the growth formula?');
        await chat.waitForReply(1);
        await chat.lastReply().locator('.katex').first().waitFor();
        expect(await pageOverflow(page)).toEqual({ page: 0, conversation: 0 });
        // The wide code and table scroll inside their own boxes (on a phone, words are not broken letter by letter).
        const codeBox = chat.lastReply().locator('.code-block pre');
        expect(await codeBox.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        const tableFrame = chat.lastReply().locator('table').locator('..');
        if (viewport === 'phone') expect(await tableFrame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await screenshot(page, name('long-reply'));

        await setModelBehaviour({ kind: 'normal', reply: 'A second, shorter version of the answer.' });
        await chat.lastReply().getByRole('button', { name: 'Regenerate' }).click();
        await chat.lastReply().getByText('2/2', { exact: true }).waitFor();
        await chat.lastReply().getByRole('button', { name: 'Previous version' }).click();
        await chat.lastReply().getByText('1/2', { exact: true }).waitFor();
        await screenshot(page, name('variants'));

        await setModelBehaviour({ kind: 'normal' });
        const userRow = chat.messages().getByRole('listitem', { name: 'Your message' }).first();
        await userRow.getByRole('button', { name: 'Edit message' }).click();
        await page.getByLabel('Edit your message').fill('Summarise the plan in one line');
        await screenshot(page, name('editing'));
        await page.getByRole('button', { name: 'Save & send' }).click();
        await userRow.getByText('2/2', { exact: true }).waitFor();
        expect(await chat.waitForReply(1)).toBe('Fake reply to: Summarise the plan in one line');
        await screenshot(page, name('edit-branch'));

        await page.keyboard.press('Control+k');
        const search = page.getByRole('searchbox', { name: 'Search conversations' });
        await search.waitFor();
        await search.fill('plan');
        await page.getByRole('region', { name: 'Conversations' }).locator('mark').first().waitFor();
        await screenshot(page, name('search'));
        if (viewport === 'phone') {
          await search.fill('');
          // The open sidebar leaves the conversation list room for several rows.
          for (let i = 0; i < 6; i++) expect((await page.request.post('/api/chat', { data: { message: `Question number ${i + 1}` } })).status()).toBe(200);
          await page.reload();
          await animationsOff();
          await chat.sidebarButton('Expand sidebar').click();
          const list = page.getByRole('region', { name: 'Conversations' });
          await chat.conversation(/^Question number 6/).first().waitFor();
          expect(await list.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(280);
          await screenshot(page, name('sidebar'));
          await chat.sidebarButton('Collapse sidebar').click();
        } else {
          await page.keyboard.press('Escape');
        }

        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('?');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await screenshot(page, name('shortcuts'));
      });
    }
  }
});
