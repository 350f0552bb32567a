import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { activePromotionsResponseSchema, type ActivePromotion } from '../../contract/promotions';
import { AuthPage } from './pages/auth-page';
import { DashboardPage } from './pages/dashboard-page';
import { nextDialog } from './pages/dialogs';
import { LandingPage, type SectionId } from './pages/landing-page';
import { PremiumPage } from './pages/premium-page';
import { launchBrowser, newContext, screenshot, uniqueUser, VIEWPORTS } from './support/browser';

const HOUR = 3600_000;

/**
 * A live 20% flash sale on Starter and Pro, plus one that has already ended (which must not show).
 * Served through page.route rather than deployed for real: the e2e server is shared by every test
 * file, and a real flash sale would change prices under the other files' tests.
 */
function promotionsFixture(): { promotions: ActivePromotion[] } {
  return activePromotionsResponseSchema.parse({
    promotions: [
      {
        id: 'flash',
        action: 'launch_flash_sale',
        name: 'Flash Sale',
        headline: 'Flash sale: 20% off Starter and Pro',
        discountPercent: 20,
        plans: ['starter', 'pro'],
        expiresAt: new Date(Date.now() + 2 * 24 * HOUR + 3 * HOUR + 30 * 60_000).toISOString(),
      },
      {
        id: 'ended',
        action: 'enable_time_limited_offer',
        name: 'Ended offer',
        headline: 'This offer has ended',
        discountPercent: 50,
        expiresAt: new Date(Date.now() - HOUR).toISOString(),
      },
    ],
  });
}

/** The page's full width: wider than the viewport means something sticks out sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function servePromotions(page: Page) {
  const body = promotionsFixture();
  await page.route('**/api/promotions/active', (route) => route.fulfill({ json: body }));
}

describe('the public site', () => {
  let browser: Browser;
  const baseURL = inject('baseURL');
  const contexts: BrowserContext[] = [];
  // Reduced motion makes anchor scrolling instant (the page only smooth-scrolls otherwise).
  async function open(viewport: keyof typeof VIEWPORTS = 'desktop') {
    const context = await newContext(browser, baseURL, viewport, { reducedMotion: 'reduce' });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it('shows the whole landing page while the promotions call has not answered', async () => {
    const page = await open();
    await page.route('**/api/promotions/active', () => {
      // Never answered: nothing on the page may wait for it.
    });
    const landing = new LandingPage(page);
    await landing.open();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your magical AI assistant, kept private');
    expect(await landing.pricingCard('starter').getByTestId('price').textContent()).toBe('$49');
    expect(await landing.pricingCard('pro').getByTestId('price').textContent()).toBe('$199');
    expect(await landing.pricingCard('enterprise').getByText('Custom', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'An assistant that keeps your secrets',
      'Built for people who cannot leak a document',
      'Six jobs Genie takes off your plate',
      'Up and running in four steps',
      'Security and compliance',
      'Simple plans that grow with your team',
      'What the hours are worth',
      'Questions, answered',
      'Request a demo',
    ]);
    expect(await page.locator('#use-cases h3').allTextContents()).toEqual([
      'Content and comms',
      'Workflow automation',
      'Private support',
      'Data analysis',
      'HR and compliance',
      'Research and planning',
    ]);
    expect(await page.locator('#security h3').allTextContents()).toEqual([
      'GDPR',
      'HIPAA BAA for Enterprise',
      'SSO',
      'Data residency on request',
      'AES-256 and TLS 1.2+',
      'Audited admin access',
    ]);
    expect(await page.locator('#onboarding ol > li').count()).toBe(4);
    const roi = await page.locator('#roi').textContent();
    expect(roi).toContain('cuts routine work 60–80%');
    expect(roi).toContain('Example: 32 hours a month saved is about $1,000.');
    expect(await page.getByRole('combobox', { name: 'Use case' }).locator('option:not([disabled])').allTextContents()).toEqual([
      'Content and comms',
      'Workflow automation',
      'Private support',
      'Data analysis',
      'HR and compliance',
      'Research and planning',
    ]);
    expect(await page.getByRole('link', { name: 'Dashboard', exact: true }).first().getAttribute('href')).toBe('/app');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/premium');
  });

  it('scrolls to each section from the header anchors and the footer links', async () => {
    const page = await open();
    const landing = new LandingPage(page);
    await landing.open();
    const header: Array<[string, SectionId]> = [
      ['Why Genie', 'why'],
      ['Use cases', 'use-cases'],
      ['Security', 'security'],
      ['Pricing', 'pricing'],
      ['FAQ', 'faq'],
    ];
    for (const [name, id] of header) {
      await landing.headerLink(name).click();
      await landing.waitForSectionAtTop(id);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
    const footer: Array<[string, SectionId]> = [
      ['Security', 'security'],
      ['Pricing', 'pricing'],
      ['Contact', 'contact'],
    ];
    for (const [name, id] of footer) {
      await landing.footerLink(name).click();
      await landing.waitForSectionAtTop(id);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
  });

  it('opens the section menu at phone width and scrolls from it', async () => {
    const page = await open('phone');
    const landing = new LandingPage(page);
    await landing.open();
    expect(await landing.headerLink('Pricing').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Sections (menu)' }).getByRole('link', { name: 'Pricing' }).click();
    await landing.waitForSectionAtTop('pricing');
    expect(await page.getByRole('navigation', { name: 'Sections (menu)' }).count()).toBe(0);
  });

  it('starts keyboard users on a skip link to the main content', async () => {
    const page = await open();
    await new LandingPage(page).open();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
  });

  for (const [planId, planName] of [
    ['starter', 'Starter'],
    ['pro', 'Pro'],
    ['enterprise', 'Enterprise'],
  ] as const) {
    it(`takes the ${planName} pricing card to /premium with ${planName} highlighted`, async () => {
      const page = await open();
      const landing = new LandingPage(page);
      await landing.open();
      await landing.pricingCard(planId).getByRole('link', { name: `Choose ${planName}` }).click();
      await page.waitForURL(`${baseURL}/premium?plan=${planId}`);
      const premium = new PremiumPage(page);
      await premium.card(planId).getByText('Your choice').waitFor();
      expect(await premium.highlightedPlans()).toEqual([planId]);
    });
  }

  it('submits a demo request to the server, says so and empties the form', async () => {
    const page = await open();
    const landing = new LandingPage(page);
    await landing.open();
    await landing.fillDemoForm({ name: 'Ada Lovelace', email: 'ada@example.com', useCase: 'Data analysis' });
    const dialog = nextDialog(page);
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/demo-requests') && r.method() === 'POST'),
      page.waitForResponse((r) => r.url().endsWith('/api/demo-requests')),
      landing.submitDemoForm(),
    ]);
    expect(request.postDataJSON()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', usecase: 'data-analysis' });
    expect(response.status()).toBe(201);
    expect(await dialog).toEqual({ type: 'alert', message: 'Demo request submitted! We will reach out to you shortly.' });
    await page.waitForFunction(() => (document.getElementById('demo-name') as HTMLInputElement).value === '');
    expect(await landing.demoFormValues()).toEqual({ name: '', email: '', usecase: '' });
  });

  it('shows the server’s error when it refuses a demo request, and keeps the form', async () => {
    const page = await open();
    const landing = new LandingPage(page);
    await landing.open();
    // "ada@example" passes the browser's email check but not the server's.
    await landing.fillDemoForm({ name: 'Ada', email: 'ada@example', useCase: 'HR and compliance' });
    let dialog = nextDialog(page);
    await landing.submitDemoForm();
    expect(await dialog).toEqual({ type: 'alert', message: 'Error: email: Enter a valid email address' });
    expect(await landing.demoFormValues()).toEqual({ name: 'Ada', email: 'ada@example', usecase: 'hr-compliance' });

    // A refusal without an error sentence falls back to SPEC's text.
    await page.route('**/api/demo-requests', (route) => route.fulfill({ status: 503, body: '' }));
    await landing.fillDemoForm({ name: 'Ada', email: 'ada@example.com', useCase: 'HR and compliance' });
    dialog = nextDialog(page);
    await landing.submitDemoForm();
    expect(await dialog).toEqual({ type: 'alert', message: 'Error: Failed to submit request' });
  });

  it('says "Network error" when the demo request cannot reach the server', async () => {
    const page = await open();
    const landing = new LandingPage(page);
    await landing.open();
    await page.route('**/api/demo-requests', (route) => route.abort('internetdisconnected'));
    await landing.fillDemoForm({ name: 'Grace', email: 'grace@example.com', useCase: 'Private support' });
    const dialog = nextDialog(page);
    await landing.submitDemoForm();
    expect(await dialog).toEqual({ type: 'alert', message: 'Network error. Please try again.' });
    expect(await landing.demoFormValues()).toEqual({ name: 'Grace', email: 'grace@example.com', usecase: 'private-support' });
  });

  it('lets the browser refuse an incomplete demo request without calling the server', async () => {
    const page = await open();
    const landing = new LandingPage(page);
    await landing.open();
    const posts: string[] = [];
    page.on('request', (r) => r.url().includes('/api/demo-requests') && posts.push(r.url()));
    await landing.submitDemoForm();
    expect(await page.evaluate(() => (document.getElementById('demo-name') as HTMLInputElement).validity.valueMissing)).toBe(true);
    await landing.fillDemoForm({ name: 'Ada', email: 'not an email', useCase: 'Data analysis' });
    await landing.submitDemoForm();
    expect(await page.evaluate(() => (document.getElementById('demo-email') as HTMLInputElement).validity.typeMismatch)).toBe(true);
    expect(posts).toEqual([]);
  });

  it('subscribes to Starter and Pro with an alert, then goes to /app', async () => {
    for (const planName of ['Starter', 'Pro'] as const) {
      const page = await open();
      const premium = new PremiumPage(page);
      await premium.open();
      expect(await premium.highlightedPlans()).toEqual([]);
      const dialog = nextDialog(page);
      await premium.subscribe(planName);
      expect(await dialog).toEqual({ type: 'alert', message: `Payment processing for the ${planName} plan. You will be taken to your dashboard in a moment.` });
      await page.getByRole('status').getByText(`Payment processing for ${planName}.`).waitFor();
      await page.waitForURL(`${baseURL}/app`);
      await page.getByRole('heading', { level: 1, name: 'Your AI workspace' }).waitFor();
    }
  });

  it('answers Contact Sales with an alert only, and links back to / and /app', async () => {
    const page = await open();
    const premium = new PremiumPage(page);
    await premium.open('enterprise');
    expect(await premium.highlightedPlans()).toEqual(['enterprise']);
    expect(await premium.card('pro').getByText('POPULAR', { exact: true }).count()).toBe(1);
    const dialog = nextDialog(page);
    await premium.contactSales();
    expect(await dialog).toEqual({
      type: 'alert',
      message: 'Thank you for your interest in Enterprise! To reach our sales team, request a demo on our home page and we will get in touch.',
    });
    expect(await page.getByRole('status').textContent()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/premium');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${baseURL}/app`);
    await premium.open('unknown');
    expect(await premium.highlightedPlans()).toEqual([]);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${baseURL}/`);
  });

  it('shows the static dashboard and answers its local chat, with no server call but the header’s who-is-signed-in', async () => {
    const page = await open();
    const apiCalls: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && apiCalls.push(r.url()));
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    expect(await dashboard.stats()).toEqual(['12 Templates', '8.5 Hours saved', '5 Projects', '65% Productivity']);
    expect(await dashboard.templateOptions()).toEqual(['Professional Email', 'Blog Post', 'Contract Draft', 'Business Report', 'HR Policy', 'Project Proposal']);
    expect(await page.getByRole('link', { name: /New Document|Upload File|AI Analysis/ }).evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
      '/chat',
      '/files',
      '/chat',
    ]);
    // A template now opens /chat with its prompt (issue 42); the dashboard's own chat is typed in.
    await dashboard.chatInput().fill('Help me write a Blog Post');
    await dashboard.send();
    await page.getByLabel('Genie is typing').waitFor();
    await page.getByText('I can help you with:').waitFor();
    expect(await dashboard.messages()).toEqual([
      { role: 'assistant', text: 'Hi! I am your Genie assistant. What would you like to work on today?', options: [] },
      { role: 'user', text: 'Help me write a Blog Post', options: [] },
      {
        role: 'assistant',
        text: 'I can help you with:',
        options: ['Write a professional email', 'Draft a contract or HR policy', 'Create a business report', 'Analyse a document you upload', 'Plan a project proposal'],
      },
    ]);
    expect(await dashboard.chatInput().inputValue()).toBe('');
    // The header asks once who is signed in (issue 18: Sign in for a visitor, not Logout); nothing else.
    // It asks /api/auth/session, which answers a visitor 200: no failed request in the console (issue 42).
    expect(apiCalls.map((url) => new URL(url).pathname)).toEqual(['/api/auth/session']);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL(`${baseURL}/premium`);
  });

  it('asks "Logout?" and, when confirmed, really signs out and goes to /', async () => {
    const page = await open();
    const user = uniqueUser();
    await new AuthPage(page).signUp(user);
    await page.waitForURL(`${baseURL}/chat`);
    const dashboard = new DashboardPage(page);
    await dashboard.open();

    let dialog = nextDialog(page, 'dismiss');
    await dashboard.logout();
    expect(await dialog).toEqual({ type: 'confirm', message: 'Logout?' });
    expect(new URL(page.url()).pathname).toBe('/app');
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200);

    dialog = nextDialog(page, 'accept');
    await dashboard.logout();
    expect(await dialog).toEqual({ type: 'confirm', message: 'Logout?' });
    await page.waitForURL(`${baseURL}/`);
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
    // The landing header knows at once (issue 42: it showed the user's menu until a reload).
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('button', { name: `Account menu for ${user.username}` }).count()).toBe(0);
  });

  it('shows a live promotion on /premium and / with struck prices and a countdown, and hides an ended one', async () => {
    const page = await open();
    await servePromotions(page);
    const premium = new PremiumPage(page);
    await premium.open('pro');
    const banner = page.getByRole('region', { name: 'Current offers' });
    await banner.getByText('Flash sale: 20% off Starter and Pro').waitFor();
    expect(await banner.getByTestId('promotion').count()).toBe(1);
    expect(await page.getByText('This offer has ended').count()).toBe(0);
    expect(await premium.card('starter').getByTestId('original-price').textContent()).toBe('Was $49');
    expect(await premium.card('starter').getByTestId('price').textContent()).toBe('now $39.20');
    expect(await premium.card('pro').getByTestId('original-price').textContent()).toBe('Was $199');
    expect(await premium.card('pro').getByTestId('price').textContent()).toBe('now $159.20');
    expect(await premium.card('enterprise').getByTestId('original-price').count()).toBe(0);
    expect(await premium.card('pro').getByRole('timer').textContent()).toMatch(/^Ends in 2d 0[23]h \d\dm \d\ds$/);
    expect(await banner.getByRole('timer').textContent()).toMatch(/^Ends in 2d 0[23]h \d\dm \d\ds$/);

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${baseURL}/`);
    const landing = new LandingPage(page);
    await page.getByRole('region', { name: 'Current offers' }).getByText('Flash sale: 20% off Starter and Pro').waitFor();
    expect(await landing.pricingCard('starter').getByTestId('price').textContent()).toBe('now $39.20');
    expect(await landing.pricingCard('pro').getByTestId('original-price').textContent()).toBe('Was $199');
    expect(await landing.pricingCard('pro').getByRole('timer').textContent()).toMatch(/^Ends in 2d 0[23]h \d\dm \d\ds$/);
    expect(await landing.pricingCard('enterprise').getByRole('timer').count()).toBe(0);
  });

  it('serves the live promotions endpoint in the shape the pages read', async () => {
    const page = await open();
    await page.goto('/');
    const body = await page.evaluate(async () => (await fetch('/api/promotions/active')).json());
    expect(activePromotionsResponseSchema.safeParse(body).success).toBe(true);
  });

  // The icon was an SVG of the genie emoji as text: drawing it shaped the text with the colour
  // emoji font, ~25-30 ms on the page's main thread at every first load (issue 19's trace).
  it('has a 32 px PNG for its icon, drawn without an emoji font', async () => {
    const page = await open();
    await page.goto('/');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.png');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, href!);
    expect(size).toEqual([32, 32]);
  });

  it('looks finished at phone, tablet and desktop widths', async () => {
    for (const viewport of ['phone', 'tablet', 'desktop'] as const) {
      const page = await open(viewport);
      await servePromotions(page);
      await new LandingPage(page).open();
      await page.getByRole('region', { name: 'Current offers' }).waitFor();
      await screenshot(page, `landing-${viewport}`);
      expect(await pageWidth(page)).toBe(VIEWPORTS[viewport].width);
      await new PremiumPage(page).open('pro');
      await page.getByRole('region', { name: 'Current offers' }).waitFor();
      await screenshot(page, `premium-${viewport}`);
      expect(await pageWidth(page)).toBe(VIEWPORTS[viewport].width);
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await dashboard.send('What can you do?');
      await page.getByText('I can help you with:').waitFor();
      await screenshot(page, `app-dashboard-${viewport}`);
      expect(await pageWidth(page)).toBe(VIEWPORTS[viewport].width);
    }
  });
});
