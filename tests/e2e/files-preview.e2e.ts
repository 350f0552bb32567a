import { describe, expect, it } from 'vitest';
import { FilesPage } from './pages/files-page';
import { screenshot } from './support/browser';
import { useChatSessions } from './support/chat-session';

/** 1×1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Issue 18 item 8: clicking a file in the file manager opens the safe preview (no user HTML rendered). */
describe('file preview on click', () => {
  const sessions = useChatSessions();

  it('shows an image as an image and an HTML file as its characters, with Download', async () => {
    const { page } = await sessions.onChatScreen({ viewport: 'phone' });
    const files = new FilesPage(page);
    await files.goto();
    await files.upload([
      { name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL },
      { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<b id="user-markup">bold?</b><script>window.ran = true</script>') },
    ]);
    await files.item('page.html').waitFor();
    await files.item('pixel.png').waitFor();

    await files.item('page.html').click();
    const dialog = page.getByRole('dialog', { name: 'page.html' });
    await dialog.getByText('<b id="user-markup">bold?</b><script>window.ran = true</script>', { exact: true }).waitFor();
    expect(await page.locator('#user-markup').count()).toBe(0);
    expect(await page.evaluate(() => (window as { ran?: boolean }).ran ?? false)).toBe(false);
    expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/^\/api\/files\/[^/]+\/download\?download=1$/);
    await screenshot(page, 'files-preview-html-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await files.item('pixel.png').click();
    const image = page.getByRole('dialog', { name: 'pixel.png' }).getByRole('img', { name: 'pixel.png' });
    await image.waitFor();
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.naturalWidth === 1);
    await screenshot(page, 'files-preview-image-phone');
  });
});
