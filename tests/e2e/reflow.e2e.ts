import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { AdminPage } from './pages/admin-page';
import { E2E_ADMIN, E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenshot, VIEWPORTS } from './support/browser';
import { useChatSessions } from './support/chat-session';

const baseURL = inject('baseURL');

/** How far the page scrolls sideways, and the elements that reach past the right edge (to name an offender). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 0.5) return false;
        // Inside something that scrolls or clips on its own, it does not move the page.
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return false;
        }
        return true;
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { sideways: document.documentElement.scrollWidth - width, wide };
  });
}

describe('reflow at 320 px and 200% zoom (issue 44, WCAG 1.4.10 and 1.4.4)', () => {
  const sessions = useChatSessions();

  /** Every main screen and admin tab at `viewport`: what scrolls sideways, by screen. */
  async function sidewaysOn(viewport: 'narrow' | 'zoomed', colorScheme: 'light' | 'dark') {
    const found: Record<string, { sideways: number; wide: string[] }> = {};
    const look = async (page: Page, name: string) => {
      // Web fonts change widths: measure once they are in.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      found[name] = await overflow(page);
      await screenshot(page, `reflow-${viewport}-${name}-${colorScheme}`);
    };

    const { page: visitor } = await sessions.newPage({ viewport, colorScheme });
    await visitor.goto('/');
    await visitor.getByRole('main').waitFor();
    await look(visitor, 'landing');
    await visitor.goto('/premium');
    await visitor.getByRole('main').waitFor();
    await look(visitor, 'premium');

    // A user on Starter, so /team has a team and /profile its plan badge.
    const { page, chat } = await sessions.onChatScreen({ viewport, colorScheme });
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string; username: string } };
    const payment = JSON.stringify({
      eventId: `evt-reflow-${viewport}-${me.user.username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0xreflow${viewport}${me.user.username}`,
    });
    expect((await page.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment), data: payment })).status()).toBe(200);
    await look(page, 'chat');
    // The message box and its send button stay on screen, whole, without scrolling.
    const height = VIEWPORTS[viewport].height;
    for (const control of [chat.messageBox(), chat.sendButton()]) {
      const box = await control.boundingBox();
      expect(box !== null && box.y >= 0 && box.y + box.height <= height).toBe(true);
    }
    for (const [path, name] of [['/files', 'files'], ['/profile', 'profile'], ['/team', 'team']] as const) {
      await page.goto(path);
      await page.getByRole('main').waitFor();
      await look(page, name);
    }

    const { page: adminPage } = await sessions.newPage({ viewport, colorScheme });
    const admin = new AdminPage(adminPage);
    await admin.openLogin();
    await admin.signIn(E2E_ADMIN);
    await adminPage.waitForURL(`${baseURL}/admin`);
    for (const tab of ['Overview', 'Promotions', 'Demo Requests', 'Analytics', 'Crypto Payments', 'Users', 'Usage', 'Audit', 'File Storage', 'System']) {
      await admin.openTab(tab);
      await look(adminPage, `admin-${tab.toLowerCase().replace(' ', '-')}`);
    }
    return Object.entries(found).filter(([, result]) => result.sideways > 0);
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`scrolls no main screen sideways at 320×640 (${colorScheme})`, async () => {
      expect(await sidewaysOn('narrow', colorScheme)).toEqual([]);
    }, 120_000);
  }

  it('loses nothing at 200% zoom of a 1366×900 window (683×450 CSS pixels)', async () => {
    expect(await sidewaysOn('zoomed', 'light')).toEqual([]);
  }, 120_000);
});
