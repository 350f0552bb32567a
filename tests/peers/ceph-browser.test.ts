import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuthPage } from '../e2e/pages/auth-page';
import { FilesPage } from '../e2e/pages/files-page';
import { launchBrowser, newContext, screenshot, uniqueUser } from '../e2e/support/browser';
import { startGenieProcess, stopGenie, tempDir, type GenieProcess } from '../reliability/support/genie-process';

/**
 * The browser's upload against a real S3 store: Chromium uploads from the file manager straight to
 * Ceph RGW with the presigned URL Genie hands out (a cross-origin PUT, so the bucket's CORS rules
 * decide whether it may), then downloads it back through Genie.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the file manager in Chromium, storing in Ceph RGW', () => {
  let work: ReturnType<typeof tempDir>;
  let genie: GenieProcess & { url: string };
  let browser: Browser;
  const rgw = inject('cephRgwEnv');

  beforeAll(async () => {
    work = tempDir('genie-ceph-browser-');
    const clientDir = join(work.dir, 'client');
    const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', clientDir], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The client build failed.');
    genie = await startGenieProcess({ DATA_DIR: join(work.dir, 'data'), CLIENT_DIR: clientDir, FILES_CLEANUP_INTERVAL_MINUTES: '0', ...rgw });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (genie) await stopGenie(genie);
    work?.remove();
  });

  it('uploads two files to RGW from the page and downloads one back through Genie, byte for byte', async () => {
    const context = await newContext(browser, genie.url);
    const page = await context.newPage();
    // What the browser refused (a CSP or CORS block shows only here), for the failure message.
    const refused: string[] = [];
    page.on('requestfailed', (request) => refused.push(`${request.method()} ${new URL(request.url()).origin}: ${request.failure()?.errorText}`));
    const user = uniqueUser();
    await new AuthPage(page).signUp(user);
    await page.waitForURL(`${genie.url}/chat`);
    const files = new FilesPage(page);
    await files.goto();

    const notes = Buffer.from('Minutes of the board meeting, stored in Ceph.\n'.repeat(60_000)); // 2.8 MB: more than one network chunk
    await files.upload([
      { name: 'board-minutes.txt', mimeType: 'text/plain', buffer: notes },
      { name: 'tiny.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
    ]);
    await page
      .getByText('2 files uploaded successfully.')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nRequests the browser refused: ${refused.filter((line) => line.startsWith('PUT')).join('; ') || 'none'}`);
      });
    expect(refused.filter((line) => line.startsWith('PUT'))).toEqual([]);
    await files.item('board-minutes.txt').waitFor();
    await files.switchView('list'); // the list shows each file's download link
    await screenshot(page, 'peers-ceph-files-desktop');

    const download = await files.download('board-minutes.txt');
    const downloaded = await readFile((await download.path())!);
    expect(downloaded.length).toBe(notes.length);
    expect(downloaded.equals(notes)).toBe(true);

    // The bytes are in the bucket, not on Genie's disk.
    const s3 = new S3Client({
      endpoint: rgw.S3_ENDPOINT,
      region: rgw.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: rgw.S3_ACCESS_KEY_ID!, secretAccessKey: rgw.S3_SECRET_ACCESS_KEY! },
    });
    // The bucket is the whole peers run's (the orphan-sweep test leaves over 1,000 objects): this user's keys only.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: rgw.S3_BUCKET, Prefix: `users/${me.user.id}/` }));
    s3.destroy();
    expect((listed.Contents ?? []).map((object) => object.Size).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([8, notes.length]);
    await context.close();
  });
});
