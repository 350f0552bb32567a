import type { Page } from 'playwright-core';

/** The full-screen persona carousel of /chat's first visit (SPEC §2). */
export class PersonaCarouselPage {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Choose your Genie' });
  }
  title() {
    return this.page.getByRole('heading', { level: 1 });
  }
  subtitle() {
    return this.page.getByText('Select your magical AI companion', { exact: true });
  }
  /** The "Choose <name>" button; its name says which persona is on screen. */
  chooseButton() {
    return this.page.getByRole('button', { name: /^Choose / });
  }
  async currentName() {
    return ((await this.chooseButton().textContent()) ?? '').replace(/^Choose /, '').trim();
  }
  skip() {
    return this.page.getByRole('button', { name: 'Skip selection' }).click();
  }
  next() {
    return this.page.getByRole('button', { name: 'Next persona' }).click();
  }
  press(key: 'ArrowRight' | 'ArrowLeft' | 'Enter' | 'Escape') {
    return this.page.keyboard.press(key);
  }
  async waitClosed() {
    await this.dialog().waitFor({ state: 'detached' });
  }
}
