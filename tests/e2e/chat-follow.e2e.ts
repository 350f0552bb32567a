import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useChatSessions } from './support/chat-session';
import { setModelBehaviour } from './support/fake-model';
import type { ChatPage } from './pages/chat-page';

/** A reply several screens tall: forty paragraphs of one sentence each. */
const LONG_REPLY = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the long answer, with enough words in it to wrap across the line on a phone.`).join('\n\n');

/** How far the conversation's scroller is from its bottom, in pixels. */
const distanceFromBottom = (chat: ChatPage) => chat.scroller().evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

/** Whether the newest reply's last line is on screen, above the message box. */
async function newestReplyEndVisible(page: Page, chat: ChatPage) {
  const reply = await chat.lastReply().boundingBox();
  const box = await chat.messageBox().boundingBox();
  if (!reply || !box) return false;
  return reply.y + reply.height <= box.y && reply.y + reply.height > 0 && reply.y + reply.height <= page.viewportSize()!.height;
}

/** Issue 42: the list follows new messages while the reader is at the bottom, and offers "Jump to latest" when they scrolled up. */
describe('chat follows new messages', () => {
  const sessions = useChatSessions();

  for (const [viewport, colorScheme] of [['phone', 'light'], ['laptop', 'dark']] as const) {
    it(`follows a long reply and the next exchange, and jumps to latest after scrolling up (${viewport}, ${colorScheme})`, async () => {
      const { page, chat } = await sessions.onChatScreen({ viewport, colorScheme });
      const jump = page.getByRole('button', { name: 'Jump to latest' });
      await setModelBehaviour({ kind: 'slow', tokenDelayMs: 2, reply: LONG_REPLY });
      await chat.send('Tell me everything');
      await chat.waitForReply(1);
      expect(await distanceFromBottom(chat)).toBeLessThan(80);

      // The next question and its answer come into view above the composer, not below it.
      await setModelBehaviour({ kind: 'slow', tokenDelayMs: 2, reply: `${LONG_REPLY}\n\nThe end of the second answer.` });
      await chat.send('And then?');
      await chat.waitForReply(2);
      await page.getByText('The end of the second answer.', { exact: true }).waitFor();
      await expect.poll(() => distanceFromBottom(chat)).toBeLessThan(80);
      expect(await newestReplyEndVisible(page, chat)).toBe(true);
      expect(await jump.count()).toBe(0);
      await screenshot(page, `chat-follow-bottom-${viewport}-${colorScheme}`);

      // Scrolled up to read: the list stays put and offers the way back.
      await chat.scroller().hover();
      await page.mouse.wheel(0, -1500);
      await jump.waitFor();
      expect(await distanceFromBottom(chat)).toBeGreaterThan(1000);
      await screenshot(page, `chat-follow-jump-${viewport}-${colorScheme}`);
      await jump.click();
      await expect.poll(() => distanceFromBottom(chat)).toBeLessThan(80);
      await jump.waitFor({ state: 'detached' });
      expect(await newestReplyEndVisible(page, chat)).toBe(true);
    });
  }

  it('keeps the reader where they are while a reply streams below, with "Jump to latest" to follow it', async () => {
    const { page, chat } = await sessions.onChatScreen({ viewport: 'phone' });
    await setModelBehaviour({ kind: 'normal', reply: LONG_REPLY });
    await chat.send('First');
    await chat.waitForReply(1);
    await setModelBehaviour({ kind: 'slow', tokenDelayMs: 15, reply: LONG_REPLY });
    await chat.send('Second');
    await chat.preview().getByText('Paragraph 2', { exact: false }).waitFor();
    await chat.scroller().hover();
    await page.mouse.wheel(0, -2000);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    const top = await chat.scroller().evaluate((el) => el.scrollTop);
    await chat.preview().getByText('Paragraph 6', { exact: false }).waitFor();
    // The reply grew below; the reader's place did not move.
    expect(Math.abs((await chat.scroller().evaluate((el) => el.scrollTop)) - top)).toBeLessThan(2);
    await jump.click();
    await chat.waitForReply(2);
    await expect.poll(() => distanceFromBottom(chat)).toBeLessThan(80);
  });
});
