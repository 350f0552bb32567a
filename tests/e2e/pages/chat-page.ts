import type { Page } from 'playwright-core';

/** The /chat screen once onboarding is done: sidebar, conversation and message box. */
export class ChatPage {
  constructor(private readonly page: Page) {}

  messageBox() {
    return this.page.getByPlaceholder('Type your message...');
  }
  sendButton() {
    return this.page.getByRole('button', { name: /^(Send|Stop)$/ });
  }
  async send(text: string) {
    await this.messageBox().fill(text);
    await this.sendButton().click();
  }
  heading() {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }
  messages() {
    return this.page.getByRole('list', { name: 'Messages' });
  }
  replies() {
    return this.messages().getByRole('listitem').filter({ has: this.page.getByRole('button', { name: 'Copy' }) });
  }
  lastReply() {
    return this.replies().last();
  }
  /** Waits for the reply in flight to finish, then answers its text. */
  async waitForReply(count: number) {
    await this.replies().nth(count - 1).waitFor();
    return (await this.replies().nth(count - 1).locator('.markdown-body').textContent()) ?? '';
  }
  /** The conversation's rows (messages only, not the "Show earlier messages" row). */
  messageRows() {
    return this.messages().locator(':scope > li[aria-label]');
  }
  showEarlierButton() {
    return this.messages().getByRole('button', { name: /^Show earlier messages/ });
  }
  /** The scrolling area that holds the conversation. */
  scroller() {
    return this.page.locator('main [data-scroll-container]');
  }
  /** A past conversation in the sidebar's list, by its title. */
  conversation(title: string | RegExp) {
    return this.page.getByRole('region', { name: 'Conversations' }).getByRole('button', { name: title });
  }
  preview() {
    return this.page.getByTestId('typing-preview');
  }
  sidebarButton(name: string | RegExp) {
    return this.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name });
  }
  toast(title: string) {
    return this.page.getByRole('status').filter({ hasText: title });
  }
  /** The newest toast's text; with `hasText`, waits for a toast showing it (an older one may linger). */
  async toastText(hasText?: string | RegExp) {
    const region = this.page.getByRole('region', { name: /Notifications/ });
    const toast = region.getByRole('listitem').filter(hasText === undefined ? {} : { hasText }).first();
    await toast.waitFor();
    return (await toast.innerText()).replace(/\s+/g, ' ').trim();
  }
}
