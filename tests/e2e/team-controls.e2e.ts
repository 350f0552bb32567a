import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { ChatPage } from './pages/chat-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenshot, uniqueUser, type VIEWPORTS } from './support/browser';
import { useBrowser } from './support/browser-hooks';

const baseURL = inject('baseURL');
const SCREENSHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));

/**
 * Issue 43 in Chromium: an owner turns a persona off and sets a member budget on /team; the member
 * sees only the allowed personas and, once the budget is spent, the refusal's sentence; the owner
 * reads the 90-day chart and downloads the month as CSV. At 390×844 and 1366×900, light and dark.
 */
describe('team controls', () => {
  const browser = useBrowser(() => baseURL);

  const open = (viewport: keyof typeof VIEWPORTS) => browser.page({ viewport });
  /** The whole page (from the top, so the sticky header sits where it belongs), light and dark, and the named sections alone. */
  const shots = async (page: Page, name: string, sections: string[] = []) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await screenshot(page, `${name}-${colorScheme}`);
      for (const testId of sections) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.getByTestId(testId).screenshot({ path: `${SCREENSHOTS}/${name}-${testId}-${colorScheme}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };

  for (const [ownerView, memberView] of [
    ['desktop', 'phone'],
    ['phone', 'desktop'],
  ] as const) {
    it(`owner on ${ownerView}, member on ${memberView}: a persona off and a budget, the refusal, the chart and the CSV`, async () => {
      // The owner and a member, through the API as the sign-up and invitation pages would (teams.e2e covers those pages).
      const ownerPage = await open(ownerView);
      const owner = uniqueUser();
      expect((await ownerPage.request.post('/api/auth/signup', { data: owner })).status()).toBe(201);
      const me = (await (await ownerPage.request.get('/api/auth/me')).json()) as { user: { id: string } };
      const payment = JSON.stringify({
        eventId: `evt-controls-${owner.username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0xcontrols${owner.username}`,
      });
      expect((await ownerPage.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment), data: payment })).status()).toBe(200);
      const member = uniqueUser();
      const invitation = (await (await ownerPage.request.post('/api/team/invitations', { data: { email: member.email, role: 'member' } })).json()) as { url: string };
      const memberPage = await open(memberView);
      expect((await memberPage.request.post('/api/auth/signup', { data: { ...member, invitation: invitation.url.split('/invite/')[1] } })).status()).toBe(201);

      // The owner turns Gina off and gives each member 10 tokens a month.
      await ownerPage.goto('/team');
      await ownerPage.getByLabel('Gina', { exact: true }).uncheck();
      await ownerPage.getByLabel('Monthly tokens per member').fill('10');
      await ownerPage.getByRole('button', { name: 'Save policy' }).click();
      await ownerPage.getByText('Policy saved.', { exact: true }).waitFor();
      await shots(ownerPage, `team-controls-policy-${ownerView}`);

      // The member's carousel offers the other three personas only.
      await memberPage.goto('/chat');
      const carousel = new PersonaCarouselPage(memberPage);
      await carousel.dialog().waitFor();
      const names = [await carousel.currentName()];
      for (let i = 0; i < 3; i++) {
        await carousel.next();
        names.push(await carousel.currentName());
      }
      expect(names).toEqual(['GENIE', 'Gino', 'G', 'GENIE']);
      await carousel.skip();
      await carousel.waitClosed();

      // The first chat is answered (nothing used yet); it spends more than 10 tokens, so the next is refused with the rule's sentence.
      const chat = new ChatPage(memberPage);
      await chat.send('Hello there');
      await chat.waitForReply(1);
      await chat.send('And once more');
      const refusal = "You have used your monthly budget of 10 tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.";
      expect(await chat.toastText(refusal)).toContain(refusal);
      await shots(memberPage, `team-controls-refused-${memberView}`);

      // The owner reads the chart (today's bar is the member's chat) and downloads the month as CSV.
      const usage = (await (await ownerPage.request.get('/api/team/usage')).json()) as { month: string; budget: { usedTeam: number } };
      expect(usage.budget.usedTeam).toBeGreaterThan(10);
      await ownerPage.reload();
      const chart = ownerPage.getByTestId('usage-chart').getByRole('img');
      await chart.waitFor();
      const total = usage.budget.usedTeam.toLocaleString('en-US');
      expect(await chart.getAttribute('aria-label')).toMatch(new RegExp(`^Tokens per day over the last 90 days: ${total} in all; the busiest day, \\w{3} \\d{1,2}, used ${total}\\.$`));
      const [download] = await Promise.all([ownerPage.waitForEvent('download'), ownerPage.getByTestId('team-usage').getByRole('link', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`genie-usage-${usage.month}.csv`);
      const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(csv[0]).toBe('kind,id,name,persona,tokensIn,tokensOut,costUSD');
      expect(csv.filter((line) => line.startsWith('member,')).map((line) => line.split(',')[2])).toEqual(expect.arrayContaining([owner.username, member.username]));
      await shots(ownerPage, `team-controls-usage-${ownerView}`);

      // The audit shows the policy change and the CSV download.
      await ownerPage.reload();
      const audit = ownerPage.getByTestId('team-audit');
      await audit.getByText("Changed the team's policy", { exact: false }).first().waitFor();
      await audit.getByText(`Downloaded the team's usage for ${usage.month} as CSV`, { exact: false }).waitFor();
      await shots(ownerPage, `team-controls-sections-${ownerView}`, ['team-usage', 'team-audit']);
    }, 180_000);
  }
});
