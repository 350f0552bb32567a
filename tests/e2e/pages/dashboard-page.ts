import type { Page } from 'playwright-core';

/** The /app simple dashboard: stats, templates, quick actions, the local chat and Logout. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/app');
    await this.page.getByRole('heading', { level: 1, name: 'Your AI workspace' }).waitFor();
  }

  /** Each stat as "value label", in order. */
  stats() {
    return this.page.$$eval('[data-testid="stat"]', (cards) => cards.map((c) => `${c.querySelector('dd')!.textContent} ${c.querySelector('dt')!.textContent}`));
  }

  templateOptions() {
    return this.page.$$eval('#ai-template option:not([disabled])', (options) => options.map((o) => o.textContent));
  }

  chooseTemplate(name: string) {
    return this.page.getByLabel('AI template', { exact: true }).selectOption({ label: name });
  }

  chatInput() {
    return this.page.getByLabel('Message the assistant');
  }

  async send(text?: string) {
    if (text !== undefined) await this.chatInput().fill(text);
    await this.page.getByRole('button', { name: 'Send message' }).click();
  }

  /** The texts of the messages in the chat, with who sent each. */
  messages() {
    return this.page.$$eval('[aria-label="Messages"] > li[data-role]', (items) =>
      items.map((li) => ({ role: li.getAttribute('data-role'), text: li.querySelector('p')!.textContent, options: [...li.querySelectorAll('ul li')].map((o) => o.textContent) })),
    );
  }

  logout() {
    return this.page.getByRole('button', { name: 'Logout' }).click();
  }
}
