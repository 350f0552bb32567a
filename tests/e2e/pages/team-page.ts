import type { Page } from 'playwright-core';

/** The /team page and the /invite/<token> page. */
export class TeamPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/team');
    await this.page.getByTestId('team-name').waitFor();
  }

  name() {
    return this.page.getByTestId('team-name').textContent();
  }

  async rename(name: string) {
    await this.page.getByRole('button', { name: 'Rename' }).click();
    await this.page.getByLabel('Team name').fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByTestId('team-name').getByText(name, { exact: true }).waitFor();
  }

  /** Invites by email and role; resolves with the link shown to copy (no mail in the e2e server). */
  async invite(email: string, role: 'Member' | 'Admin' = 'Member') {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Role', { exact: true }).selectOption({ label: role });
    await this.page.getByRole('button', { name: 'Invite' }).click();
    const link = this.page.getByRole('status').getByLabel(`Invitation link for ${email}`);
    await link.waitFor();
    return link.inputValue();
  }

  /** The members as "username role" lines, in the page's order. */
  async members() {
    const rows = this.page.getByTestId('team-member');
    const lines: string[] = [];
    for (const row of await rows.all()) {
      const name = (await row.locator('p').first().locator('span').first().textContent())?.trim() ?? '';
      const select = row.getByRole('combobox');
      const role = (await select.count()) > 0 ? await select.locator('option:checked').textContent() : await row.locator('span.rounded-full').textContent();
      lines.push(`${name} ${role?.trim()}`);
    }
    return lines;
  }

  async remove(username: string) {
    await this.page.getByRole('button', { name: `Remove ${username}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await this.page.getByRole('dialog').waitFor({ state: 'detached' });
  }
}
