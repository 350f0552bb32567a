import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { AdminPage } from './pages/admin-page';
import { AuthPage } from './pages/auth-page';
import { BillingPage } from './pages/billing-page';
import { ChatPage } from './pages/chat-page';
import { FilesPage } from './pages/files-page';
import { PersonaCarouselPage } from './pages/persona-carousel';
import { PremiumPage } from './pages/premium-page';
import { E2E_ADMIN, E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { seriousViolations } from './support/axe';
import { launchBrowser, newContext, uniqueUser } from './support/browser';
import { useBrowser } from './support/browser-hooks';
import { setModelBehaviour } from './support/fake-model';
import { usePayingGenie } from './support/paying-genie';

const baseURL = inject('baseURL');
const ADMIN_TABS = ['Overview', 'Promotions', 'Demo Requests', 'Analytics', 'Crypto Payments', 'Users', 'Usage', 'Audit', 'File Storage', 'System'];

/**
 * Issue 44: axe-core's WCAG 2.2 AA rules over every page and state, in both themes and at a phone's
 * and a laptop's width, with no violation of serious or critical impact. One browser; per theme and
 * width one visitor, one new user (whose chat and files each state builds on) and the admin. The
 * invoice page needs a Genie that takes payments: the second block starts its own.
 */
describe('axe: WCAG 2.2 AA on every screen (issue 44)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of ['phone', 'laptop'] as const) {
      it(`has no serious or critical violation (${colorScheme}, ${viewport})`, { timeout: 300_000 }, async () => {
        const failures: string[] = [];
        const contexts = await Promise.all(
          [0, 1, 2].map(() => newContext(browser, baseURL, viewport, { colorScheme, bypassCSP: true })),
        );
        const [visitor, user, admin] = await Promise.all(contexts.map((context) => context.newPage()));
        /** Audits one state; a state the test cannot reach is itself a failure, and the walk goes on. */
        const audit = async (page: Page, state: string, reach: () => Promise<unknown>) => {
          try {
            await reach();
            failures.push(...(await seriousViolations(page, state)));
          } catch (error) {
            failures.push(`${state}: not reached (${String(error).split('\n')[0]})`);
          }
        };
        try {
          await visitWhatAVisitorSees(visitor!, audit);
          await visitWhatAUserSees(user!, audit);
          await visitTheAdminConsole(admin!, audit);
        } finally {
          await setModelBehaviour({ kind: 'normal' });
          await Promise.all(contexts.map((context) => context.close()));
        }
        expect(failures).toEqual([]);
      });
    }
  }
});

/**
 * The invoice page (/billing/<invoiceId>, issue 41), waiting for payment, paid with its receipt,
 * and refunded with its renewal button, in both themes at both widths, on a Genie that takes
 * payments (the shared one makes no invoice). One new owner per theme and width, signed up and
 * checked out through the API.
 */
describe('axe: WCAG 2.2 AA on the invoice page (issue 44)', () => {
  const browser = useBrowser(usePayingGenie());

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of ['phone', 'laptop'] as const) {
      it(`has no serious or critical violation, waiting, paid and refunded (${colorScheme}, ${viewport})`, { timeout: 120_000 }, async () => {
        const page = await browser.page({ viewport, colorScheme, bypassCSP: true });
        expect((await page.request.post('/api/auth/signup', { data: uniqueUser() })).status()).toBe(201);
        const checkout = await page.request.post('/api/billing/checkout', { data: { plan: 'pro', currency: 'BTC' } });
        const { invoiceId } = (await checkout.json()) as { invoiceId: string };
        await page.goto(`/billing/${invoiceId}`);
        const invoice = new BillingPage(page);
        await invoice.waitOpen();
        await invoice.qr().waitFor();
        await page.getByText('Waiting for payment').waitFor();
        const waiting = await seriousViolations(page, `/billing waiting for payment (${colorScheme}, ${viewport})`);
        const paid = JSON.stringify({ eventId: `evt-axe-${invoiceId}`, invoiceId, status: 'confirmed' });
        expect((await page.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, paid), data: paid })).status()).toBe(200);
        // The page polls: it turns to the receipt by itself.
        await page.getByText('Pro is active').waitFor({ timeout: 15_000 });
        const receipt = await seriousViolations(page, `/billing paid (${colorScheme}, ${viewport})`);
        // A paid invoice is polled no more: the refund shows on the next load.
        const refund = JSON.stringify({ eventId: `evt-axe-refund-${invoiceId}`, invoiceId, status: 'refunded' });
        expect((await page.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, refund), data: refund })).status()).toBe(200);
        await page.reload();
        await page.getByText('This payment was refunded', { exact: false }).waitFor();
        const refunded = await seriousViolations(page, `/billing refunded (${colorScheme}, ${viewport})`);
        expect([...waiting, ...receipt, ...refunded]).toEqual([]);
      });
    }
  }
});

type Audit = (page: Page, state: string, reach: () => Promise<unknown>) => Promise<void>;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

async function visitWhatAVisitorSees(page: Page, audit: Audit) {
  await audit(page, 'landing with the demo form', async () => {
    await page.goto('/');
    await h1(page);
  });
  await audit(page, '/premium', () => new PremiumPage(page).open());
  for (const path of ['/login', '/signup', '/forgot-password', '/reset-password?token=not-a-token']) {
    await audit(page, path, async () => {
      await page.goto(path);
      await page.getByRole('button').first().waitFor();
    });
  }
  await audit(page, '/login with a wrong password', async () => {
    await new AuthPage(page).signIn({ email: 'nobody@example.com', password: 'not the password' });
    await page.getByRole('alert').first().waitFor();
  });
}

async function visitWhatAUserSees(page: Page, audit: Audit) {
  const chat = new ChatPage(page);
  const carousel = new PersonaCarouselPage(page);
  await audit(page, '/chat persona picker', async () => {
    await new AuthPage(page).signUp(uniqueUser());
    await carousel.dialog().waitFor();
  });
  await audit(page, '/chat empty', async () => {
    await carousel.skip();
    await carousel.waitClosed();
    await chat.messageBox().waitFor();
  });
  await audit(page, '/chat with a reply', async () => {
    await setModelBehaviour({ kind: 'normal', reply: 'A reply with `code`, a [link](https://example.com) and a list:\n\n- one\n- two' });
    await chat.send('Hello there, what is accessibility?');
    await chat.waitForReply(1);
  });
  await audit(page, '/chat shortcuts dialog', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  });
  await page.keyboard.press('Escape');
  await audit(page, '/chat conversation menu', async () => {
    // On a phone the sidebar is an icon rail: its conversations show once it is expanded.
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    if (await expand.isVisible()) await expand.click();
    await sidebarButton(page, /^Actions for /).click();
    await page.getByRole('menu').waitFor();
  });
  await page.keyboard.press('Escape');
  await audit(page, '/chat tour', async () => {
    await sidebarButton(page, 'Meet the Genies').click();
    await page.getByRole('dialog', { name: 'Meet the Genies' }).waitFor();
  });
  await page.keyboard.press('Escape');
  await audit(page, '/chat Browse Files', async () => {
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await sidebarButton(page, 'Browse Files').click();
    await page.getByRole('dialog').waitFor();
  });

  const files = new FilesPage(page);
  await audit(page, '/files grid', async () => {
    await files.goto();
    await files.upload([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a few words of notes') }]);
    await files.item('notes.txt').waitFor();
    await files.createFolder('Reports');
  });
  await audit(page, '/files preview', async () => {
    await files.item('notes.txt').click();
    await page.getByRole('dialog').waitFor();
  });
  await page.keyboard.press('Escape');
  await audit(page, '/files move dialog', async () => {
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Move notes.txt' }).click();
    await page.getByRole('dialog').waitFor();
  });
  await page.keyboard.press('Escape');
  await audit(page, '/files delete dialog', async () => {
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await files.delete('notes.txt');
    await page.getByRole('dialog').waitFor();
  });
  await page.keyboard.press('Escape');
  await audit(page, '/files in a folder', async () => {
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await files.openFolder('Reports');
  });

  await audit(page, '/profile', async () => {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
  });
  await audit(page, '/profile storage', async () => {
    await page.goto('/profile?tab=storage');
    await page.getByRole('progressbar', { name: 'Storage used' }).waitFor();
  });
  await audit(page, '/team', async () => {
    await page.goto('/team');
    await page.getByTestId('team-name').waitFor();
  });
  await audit(page, '/app', async () => {
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Your AI workspace' }).waitFor();
  });
}

async function visitTheAdminConsole(page: Page, audit: Audit) {
  const admin = new AdminPage(page);
  await audit(page, '/admin/login', () => admin.openLogin());
  await audit(page, '/admin Overview', async () => {
    await admin.signIn(E2E_ADMIN);
    await page.getByRole('tablist').first().waitFor();
  });
  for (const tab of ADMIN_TABS.slice(1)) await audit(page, `/admin ${tab}`, () => admin.openTab(tab));
}

/** A sidebar button; on a phone the sidebar is a drawer, opened first. */
function sidebarButton(page: Page, name: string | RegExp) {
  return page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name }).filter({ visible: true }).first();
}
