import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { uploads } from '../../db/schema/files';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { filesRepository } from './files.repository';
import { putToUploadUrl, requestUploadUrl, objectKeyOfUploadUrl } from '../../../tests/support/files';
import { sweepOrphans } from './orphan-sweep';

const keyIn = objectKeyOfUploadUrl;

describe('the orphan sweep and a crash between the file record and the upload claim', () => {
  let t: TestApp;
  let clock: ManualClock;
  let store: LocalDiskStore;
  let alice: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    clock = new ManualClock();
    t = await createTestApp({ env: { FILES_CLEANUP_INTERVAL_MINUTES: '0' }, deps: { clock } });
    store = new LocalDiskStore(join(t.dataDir, 'objects'));
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("keeps the bytes of a recorded file whose completed upload claim was left behind, and drops only the claim", async () => {
    const uploadURL = await requestUploadUrl(t.app, alice.cookie);
    expect((await putToUploadUrl(t.app, uploadURL, Buffer.from('precious'), 'text/plain')).status).toBe(200);
    const complete = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: alice.cookie }, payload: { fileURL: uploadURL } });
    const { objectPath } = complete.json() as { objectPath: string };
    // The record is written and the process dies before the claim is removed.
    const record = await filesRepository.insertFile(t.database.db, {
      userId: alice.user.id,
      teamId: null,
      folderId: null,
      originalName: 'precious.txt',
      storedName: objectPath.split('/').pop()!,
      mimeType: 'text/plain',
      category: 'document',
      size: 8,
      objectPath,
      uploadedAt: clock.now(),
    });

    clock.advance(25 * 3600_000); // past the day a completed, unrecorded upload is kept
    const result = await sweepOrphans({ db: t.database.db, store, clock });

    expect(result.abandonedUploads).toBe(1);
    expect(await store.head(keyIn(uploadURL))).toMatchObject({ size: 8 });
    const download = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
    expect([download.statusCode, download.body]).toEqual([200, 'precious']);
    expect(await t.database.db.select().from(uploads)).toEqual([]);
  });
});
