import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';

const REPLY = 'One two three four five six seven eight nine ten.';

/** Every distinct text the typing preview drew, greeting and streamed reply apart (a MutationObserver in the page). */
async function recordPreview(page: Page) {
  await page.evaluate(() => {
    const seen = { greeting: [] as string[], streamed: [] as string[] };
    (window as unknown as { previewTexts: typeof seen }).previewTexts = seen;
    const note = (list: string[], text: string | null | undefined) => {
      if (text != null && text !== list.at(-1)) list.push(text);
    };
    new MutationObserver(() => {
      const preview = document.querySelector('[data-testid="typing-preview"]');
      if (!preview) return;
      note(seen.greeting, preview.querySelector('p.italic')?.textContent);
      note(seen.streamed, preview.querySelector('.markdown-body')?.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { previewTexts: { greeting: string[]; streamed: string[] } }).previewTexts);
}

describe('reduced motion (issue 44)', () => {
  const sessions = useChatSessions();

  it('shows the greeting whole and the reply only whole, with animations stopped', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 120, reply: REPLY });
    const drawn = await recordPreview(page);
    await chat.send('Take your time.');
    // While it streams: the thinking dots stand still and the cursor does not blink.
    await page.getByTestId('thinking-phrase').waitFor();
    const dots = await page.getByRole('status', { name: 'Thinking' }).locator('span[aria-hidden] > span').first().evaluate((dot) => {
      const style = getComputedStyle(dot);
      return [style.animationDuration, style.animationIterationCount, style.animationDelay];
    });
    expect(dots).toEqual(['1e-05s', '1', '0s']);
    expect(await chat.waitForReply(1)).toBe(REPLY);
    const { greeting, streamed } = await drawn();
    // One greeting text, drawn once and whole (typed out it would be one text per letter).
    expect(greeting).toHaveLength(1);
    expect(greeting[0]!.length).toBeGreaterThan(5);
    // The streamed reply never drawn in part.
    expect(streamed).toEqual([]);
  });

  it('still types when motion is welcome (the same steps, the default setting)', async () => {
    const { page, chat } = await sessions.onChatScreen();
    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 120, reply: REPLY });
    const drawn = await recordPreview(page);
    await chat.send('Take your time.');
    expect(await chat.waitForReply(1)).toBe(REPLY);
    const { greeting, streamed } = await drawn();
    // The greeting types at 3 ms a character, about 75 ms in all: an idle machine draws 4-5 frames
    // of it, a loaded CI 1-2 (the count once asked for here failed there), so of the greeting only
    // what is drawn is asserted: beginnings of the whole. The reply, 10 words over 1.2 s, is drawn
    // in pieces on any machine: that is the typing a reduced-motion reader does not get.
    const whole = greeting.at(-1) ?? '';
    expect(whole.length).toBeGreaterThan(5);
    expect(greeting.every((part) => whole.startsWith(part))).toBe(true);
    expect(streamed.length).toBeGreaterThan(2);
    expect(streamed.every((text) => REPLY.startsWith(text.trim()))).toBe(true);
  });
});
