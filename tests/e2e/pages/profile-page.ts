import type { Page } from 'playwright-core';

type Tab = 'Overview' | 'Activity' | 'Storage' | 'Settings';

/** The /profile page: its tabs, the figures on them and the settings form. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/profile');
    await this.page.getByRole('tab', { name: 'Overview' }).waitFor();
  }

  async showTab(tab: Tab) {
    await this.page.getByRole('tab', { name: tab }).click();
    await this.page.getByRole('tabpanel', { name: tab }).waitFor();
    await this.settle();
  }

  /** Waits for running CSS transitions to end, so a screenshot shows the settled state. */
  async settle() {
    await this.page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  }

  /** The text of a figure, by its test id (stat-total-questions, activity-spent, storage-used…). */
  async figure(testId: string): Promise<string> {
    const value = this.page.getByTestId(`${testId}-value`);
    const element = (await value.count()) > 0 ? value : this.page.getByTestId(testId);
    return ((await element.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  async figures(testIds: string[]): Promise<Record<string, string>> {
    const entries = await Promise.all(testIds.map(async (id) => [id, await this.figure(id)] as const));
    return Object.fromEntries(entries);
  }

  field(label: 'Username' | 'Email') {
    return this.page.getByLabel(label, { exact: true });
  }

  button(name: 'Edit Profile' | 'Save Changes' | 'Cancel' | 'Saving...') {
    return this.page.getByRole('button', { name, exact: true });
  }

  async editProfile(values: { username?: string; email?: string }) {
    await this.button('Edit Profile').click();
    if (values.username !== undefined) await this.field('Username').fill(values.username);
    if (values.email !== undefined) await this.field('Email').fill(values.email);
  }

  /** Waits for the open toast titled `title` and returns it as "title / description". */
  async toastText(title: 'Profile updated' | 'Update failed'): Promise<string> {
    // The toast itself (Radix renders each as an <li> in the viewport's list), not its
    // screen-reader announcement, which repeats the text without the structure.
    const toast = this.page.locator('li[data-state="open"]').filter({ hasText: title }).first();
    await toast.waitFor();
    return (await toast.locator('.grid > *').allInnerTexts()).map((text) => text.trim()).join(' / ');
  }

  /**
   * Known activity through the real API, from inside the signed-in page: questions to the
   * chat API and files uploaded the way the file manager uploads them (contents in base64).
   */
  async seedActivity(questions: { message: string; mode: 'chat' | 'dictionary' }[], files: { name: string; type: string; base64: string }[]) {
    await this.page.evaluate(
      async ({ questions, files }) => {
        let conversationId: string | undefined;
        for (const q of questions) {
          const response = await fetch('/api/chat', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ message: q.message, mode: q.mode, character: 'default', conversationId }),
          });
          if (!response.ok) throw new Error(`chat: ${response.status} ${await response.text()}`);
          conversationId = ((await response.json()) as { conversationId: string }).conversationId;
        }
        const post = async (url: string, method: string, body?: unknown) => {
          const response = await fetch(url, {
            method,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
          return response.json();
        };
        for (const file of files) {
          const { uploadURL } = (await post('/api/objects/upload', 'POST')) as { uploadURL: string };
          const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
          const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': file.type }, body: bytes });
          if (!put.ok) throw new Error(`upload: ${put.status}`);
          const { objectPath } = (await post('/api/files/upload-complete', 'PUT', { fileURL: uploadURL })) as { objectPath: string };
          await post('/api/files', 'POST', {
            originalName: file.name,
            storedName: objectPath.split('/').pop(),
            mimeType: file.type,
            size: bytes.length,
            folderId: null,
            objectPath,
          });
        }
      },
      { questions, files },
    );
  }
}
