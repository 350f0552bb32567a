import type { Page } from 'playwright-core';

/** /admin/login and /admin. */
export class AdminPage {
  constructor(readonly page: Page) {}

  usernameInput() {
    return this.page.getByLabel('Username');
  }

  passwordInput() {
    return this.page.getByLabel('Password', { exact: true });
  }

  submitButton() {
    return this.page.getByRole('button', { name: /^(Sign In|Authenticating\.\.\.)$/ });
  }

  async openLogin() {
    await this.page.goto('/admin/login');
    await this.page.getByText('Admin Access').waitFor();
  }

  async signIn(credentials: { username: string; password: string }) {
    await this.usernameInput().fill(credentials.username);
    await this.passwordInput().fill(credentials.password);
    await this.submitButton().click();
  }

  tab(name: string) {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await this.page.getByRole('tabpanel', { name }).waitFor();
  }

  panel() {
    return this.page.getByRole('tabpanel');
  }

  /** Waits for the open toast with this title and returns its whole text, spaces collapsed. */
  async toastText(title: string) {
    const toast = this.page.locator('li[data-state="open"]').filter({ hasText: title });
    await toast.waitFor();
    return (await toast.innerText()).replace(/\s+/g, ' ').trim();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
    await this.page.waitForURL('**/admin/login');
  }
}
