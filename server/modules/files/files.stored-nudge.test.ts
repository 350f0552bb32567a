import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { loadConfig } from '../../config';
import { systemClock } from '../../lib/clock';
import { putToUploadUrl, requestUploadUrl } from '../../../tests/support/files';
import { createTestApp, signUp, TEST_SECRET, type TestApp } from '../../../tests/support/test-app';
import { createFilesServices, filesLimitsOf } from './files.plugin';

/**
 * Issue 46: the indexer is nudged by the files services themselves (onFileStored, given when the
 * app is built), not by a hook matching the routes' URLs: a stored upload and an import that
 * stored files each tell it once, and a refused record tells it nothing.
 */
describe('files services tell onFileStored what they stored', () => {
  let t: TestApp;
  let user: { cookie: string; user: { id: string } };
  let told = 0;
  let services: ReturnType<typeof createFilesServices>;

  /** An upload through the app (link, bytes, completion), not yet recorded; its object path. */
  const uploaded = async (bytes: Buffer, type: string) => {
    const uploadURL = await requestUploadUrl(t.app, user.cookie);
    expect((await putToUploadUrl(t.app, uploadURL, bytes, type)).status).toBe(200);
    const complete = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: user.cookie }, payload: { fileURL: uploadURL } });
    return (complete.json() as { objectPath: string }).objectPath;
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t.app);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir });
    services = createFilesServices({
      db: t.database.db,
      store: new LocalDiskStore(join(t.dataDir, 'objects')),
      clock: systemClock,
      secret: TEST_SECRET,
      ...filesLimitsOf(config),
      onFileStored: () => told++,
    });
  });
  afterAll(() => t.close());

  it('is told once a file record is stored, and not when the record is refused', async () => {
    const bytes = Buffer.from('Minutes of the meeting.\n');
    const objectPath = await uploaded(bytes, 'text/plain');
    const body = { originalName: 'minutes.txt', storedName: objectPath.split('/').pop()!, mimeType: 'text/plain', size: bytes.length, folderId: null };
    told = 0;
    await expect(services.uploads.createFile(user.user.id, { ...body, objectPath: `${objectPath}-missing` })).rejects.toThrow();
    expect(told).toBe(0);
    const record = await services.uploads.createFile(user.user.id, { ...body, objectPath });
    expect(record.originalName).toBe('minutes.txt');
    expect(told).toBe(1);
  });

  it('is told once after an import that stored files', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'first');
    zip.file('b.txt', 'second');
    const objectPath = await uploaded(await zip.generateAsync({ type: 'nodebuffer' }), 'application/zip');
    told = 0;
    const summary = await services.imports.importZip(user.user.id, { objectPath });
    expect(summary.files.map((f) => f.path).sort()).toEqual(['a.txt', 'b.txt']);
    expect(told).toBe(1);
  });
});
