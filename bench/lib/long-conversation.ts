/**
 * What the long-conversation benches share: the production client built, Genie and the fake model
 * server in their own processes, a user with a stored 1,000-message conversation (500 exchanges
 * whose replies carry a list and a highlighted code block) and a 2-message one, and Chromium.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser';
import { spawnGenie, tempDir } from '../../tests/reliability/support/genie-process';
import { newAccount, postJson, signUpOverHttp } from '../../tests/reliability/support/http';
import { buildClient, spawnTsx, stop } from './processes';
import { browserCookies } from './browser-cookies';

export const EXCHANGES = 500;

/** Each question carries Markdown; the fake model echoes it, so every reply renders a list and code. */
const question = (n: number) =>
  [`Question ${n}: how should I handle case ${n}?`, '', `- the first point about case ${n}`, '- a second point', '', '```ts', `const answer${n} = compute(${n});`, '```'].join('\n');

/** Each conversation's sidebar title, and text only its newest reply holds. */
export const LONG = { title: 'Question 1: how should I handle case 1?', marker: `const answer${EXCHANGES} = compute(${EXCHANGES});` };
/**
 * The 2-message conversation asks the same kind of question (a list and a highlighted code block,
 * echoed in the reply), so the two differ in length, not in what a row costs to draw.
 */
const SHORT_QUESTION = ['A short conversation: how should I handle case 0?', '', '- the first point about case 0', '- a second point', '', '```ts', 'const answer0 = compute(0);', '```'].join('\n');
const SHORT_TITLE = 'A short conversation: how should I handle case 0?';
export const SHORT = { title: SHORT_TITLE, marker: 'const answer0 = compute(0);' };

export interface LongConversationRig {
  url: string;
  browser: Browser;
  seedSeconds: number;
  /** A desktop-sized context signed in as the user, past onboarding, with `initScripts` added. */
  newContext(initScripts?: string[]): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Stores a conversation through POST /api/chat, one exchange at a time, as the product does. */
async function seed(url: string, cookie: string, questions: string[]) {
  let conversationId: string | undefined;
  for (const message of questions) {
    const response = await postJson(`${url}/api/chat`, { message, conversationId }, { cookie });
    if (response.status !== 200) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
    conversationId = ((await response.json()) as { conversationId: string }).conversationId;
  }
}

export async function startLongConversationRig(): Promise<LongConversationRig> {
  const work = tempDir('genie-bench-long-chat-');
  const clientDir = join(work.dir, 'client');
  buildClient(clientDir);

  const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0'], /FAKE_MODEL_SERVER_URL=(\S+)/);
  const fakeUrl = (await fake.matched)[1]!;
  const genie = spawnGenie({
    DATA_DIR: join(work.dir, 'data'),
    CLIENT_DIR: clientDir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    // Seeding opens conversations a person would title once; no background title calls.
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    GENIE_MODEL_TITLES: 'false',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
  });
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    genie.kill('SIGTERM');
    await genie.exited;
    await stop(fake.child);
    work.remove();
  };
  try {
    const url = await genie.ready;
    const cookie = await signUpOverHttp(url, newAccount('benchlong'));
    const seedStarted = performance.now();
    await seed(url, cookie, Array.from({ length: EXCHANGES }, (_, i) => question(i + 1)));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await seed(url, cookie, [SHORT_QUESTION]);

    const newContext = async (initScripts: string[] = []) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
      await context.addCookies(browserCookies(cookie, url));
      // Past onboarding: the chat screen shows at once, without the persona carousel.
      await context.addInitScript(`
        localStorage.setItem('selectedGenie', 'default');
        localStorage.setItem('hasVisited', 'true');
        localStorage.setItem('hasSelectedGenie', 'true');
      `);
      for (const script of initScripts) await context.addInitScript(script);
      // tsx compiles the bench files keeping function names, wrapping inner functions in
      // `__name(...)`; the functions handed to page.evaluate run in the page, which needs that helper too.
      await context.addInitScript('window.__name = (fn) => fn;');
      return context;
    };
    return { url, browser, seedSeconds, newContext, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A fresh /chat page with the sidebar's conversations listed and the network quiet. */
export async function freshChat(page: Page) {
  await page.goto('/chat');
  await page.getByRole('region', { name: 'Conversations' }).getByRole('button', { name: new RegExp(`^${SHORT.title}`) }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** In the page: clicks a conversation in the sidebar and resolves with the ms until its newest row (holding `marker`) is painted. */
export function openAndTime(page: Page, conversation: { title: string; marker: string }) {
  return page.evaluate(
    ({ title, marker }) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('[aria-labelledby="history-heading"] li > button')].find((b) =>
          b.textContent?.includes(title),
        );
        const scroller = document.querySelector('main [data-scroll-container]');
        if (!button || !scroller) return reject(new Error(`no conversation "${title}" in the sidebar`));
        const started = performance.now();
        // Checked once each frame has been produced (a task queued from requestAnimationFrame runs
        // after that frame's scroll, layout and paint), so it sees what that frame showed.
        const check = () => {
          const rows = document.querySelectorAll('main ol[aria-label="Messages"] > li[aria-label]');
          const last = rows[rows.length - 1];
          if (last?.textContent?.includes(marker)) {
            const row = last.getBoundingClientRect();
            const view = scroller.getBoundingClientRect();
            if (row.height > 0 && row.top >= view.top - 1 && row.bottom <= view.bottom + 1) return resolve(performance.now() - started);
          }
          if (performance.now() - started > 20_000) return reject(new Error('the newest message never showed'));
          requestAnimationFrame(() => setTimeout(check, 0));
        };
        button.click();
        requestAnimationFrame(() => setTimeout(check, 0));
      }),
    conversation,
  );
}
