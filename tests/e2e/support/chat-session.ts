import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { AuthPage } from '../pages/auth-page';
import { ChatPage } from '../pages/chat-page';
import { PersonaCarouselPage } from '../pages/persona-carousel';
import { launchBrowser, newContext, uniqueUser, VIEWPORTS } from './browser';
import { setModelBehaviour } from './fake-model';

export interface ChatSessionOptions {
  viewport?: keyof typeof VIEWPORTS;
  colorScheme?: 'light' | 'dark';
}

/**
 * The chat specs' sessions: a fresh browser context per test (kept in `contexts`, for the spec's
 * afterEach to close), with a new user signed up.
 */
export class ChatSessions {
  readonly contexts: BrowserContext[] = [];

  constructor(private readonly browser: () => Browser) {}

  async newPage(options: ChatSessionOptions = {}) {
    const context = await newContext(this.browser(), inject('baseURL'), options.viewport, { colorScheme: options.colorScheme ?? 'light' });
    this.contexts.push(context);
    return { context, page: await context.newPage() };
  }

  /** A new user, signed up and on /chat with the persona carousel showing. */
  async signedUp(options: ChatSessionOptions = {}) {
    const { context, page } = await this.newPage(options);
    await new AuthPage(page).signUp(uniqueUser());
    await page.waitForURL(`${inject('baseURL')}/chat`);
    const carousel = new PersonaCarouselPage(page);
    await carousel.dialog().waitFor();
    return { context, page, carousel, chat: new ChatPage(page) };
  }

  /** A new user past onboarding (the carousel skipped), on the chat screen. */
  async onChatScreen(options: ChatSessionOptions = {}) {
    const session = await this.signedUp(options);
    await session.carousel.skip();
    await session.carousel.waitClosed();
    await session.chat.messageBox().waitFor();
    return session;
  }

  closeAll() {
    return Promise.all(this.contexts.splice(0).map((context) => context.close()));
  }
}

/**
 * The hooks every chat spec shares, registered in the calling describe: one Chromium for the file,
 * each test's contexts closed after it, and the shared fake model put back to normal.
 */
export function useChatSessions(): ChatSessions {
  let browser: Browser | undefined;
  const sessions = new ChatSessions(() => browser!);
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await setModelBehaviour({ kind: 'normal' });
    await sessions.closeAll();
  });
  afterAll(() => browser?.close());
  return sessions;
}
