import type { Page } from 'playwright-core';

/** The /login and /signup pages. */
export class AuthPage {
  constructor(private readonly page: Page) {}

  /** Pass path '' to fill the form on the page already open. */
  async signUp(user: { email: string; username: string; password: string }, path = '/signup') {
    if (path) await this.page.goto(path);
    await this.page.getByLabel('Email').fill(user.email);
    await this.page.getByLabel('Username').fill(user.username);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  /** Pass path '' to fill the form on the page already open. */
  async signIn(user: { email: string; password: string }, path = '/login') {
    if (path) await this.page.goto(path);
    await this.page.getByLabel('Email').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  errorText() {
    return this.page.getByRole('alert').textContent();
  }
}
