import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createObjectStore } from '../../server/adapters/storage/create-object-store';
import type { ObjectStore } from '../../server/adapters/storage/object-store';
import { PNG_1PX, putToUploadUrl, requestUploadUrl, uploadThroughApi, zeroStream } from '../support/files';
import { createTestApp, signUp, type TestApp } from '../support/test-app';

/**
 * Genie's S3 store and file flow against Ceph's RADOS Gateway: a real S3 implementation, not
 * s3rver. Everything here also runs against s3rver in server/modules/files.
 */
describe('files on Ceph RGW', () => {
  const rgw = { env: inject('cephRgwEnv'), endpoint: inject('cephRgwEnv').S3_ENDPOINT! };
  let t: TestApp;
  let store: ObjectStore;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { FILES_CLEANUP_INTERVAL_MINUTES: '0', ...rgw.env } });
    store = await createObjectStore(loadConfig({ DATA_DIR: t.dataDir, ...rgw.env }));
    ({ cookie, user: { id: userId } } = await signUp(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const readAll = async (stream: Readable) => {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };

  it('is an S3 store that answers its health check', async () => {
    expect(store.kind).toBe('s3');
    expect(await store.ping()).toBe(true);
  });

  it('takes a presigned PUT with its content type, completes the upload and serves it back whole and by range', async () => {
    const record = await uploadThroughApi(t.app, cookie, { name: 'pixel.png', bytes: PNG_1PX, type: 'image/png' });
    expect(record).toMatchObject({ mimeType: 'image/png', size: PNG_1PX.length });
    const key = record.objectPath.replace(/^\/objects\//, '');
    expect(await store.head(key)).toMatchObject({ size: PNG_1PX.length });

    const whole = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(PNG_1PX)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie, range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(PNG_1PX.subarray(1, 4))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${PNG_1PX.length}`);
  });

  it("hands out presigned URLs on the RGW endpoint, which RGW accepts with the file's content type", async () => {
    const uploadURL = await requestUploadUrl(t.app, cookie);
    expect(uploadURL).toMatch(new RegExp(`^${rgw.endpoint}/`));
    const put = await putToUploadUrl(t.app, uploadURL, Buffer.from('hello'), 'text/plain');
    expect(put.status).toBe(200);
  });

  it('streams a large body as a multipart upload, and reads a range from the middle of it', async () => {
    const size = 12 * 1024 * 1024 + 5;
    const key = `users/${userId}/multipart-${Date.now()}`;
    expect(await store.put(key, zeroStream(size), { maxBytes: 64 * 1024 * 1024, contentType: 'application/octet-stream' })).toEqual({ size });
    expect(await store.head(key)).toMatchObject({ size });
    const middle = await readAll(await store.get(key, { start: 8 * 1024 * 1024, end: 8 * 1024 * 1024 + 9 }));
    expect(middle).toEqual(Buffer.alloc(10));
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
  });

  it('refuses a body over maxBytes and keeps nothing of it', async () => {
    const key = `users/${userId}/too-big-${Date.now()}`;
    await expect(store.put(key, zeroStream(6 * 1024 * 1024), { maxBytes: 5 * 1024 * 1024 })).rejects.toMatchObject({ code: 'too_large' });
    expect(await store.head(key)).toBeNull();
  });

  it('answers HEAD of a missing object with null, and deleting it twice is harmless', async () => {
    const key = `users/${userId}/never-${Date.now()}`;
    expect(await store.head(key)).toBeNull();
    await store.delete(key);
    await store.delete(key);
  });

  it('lists what the orphan sweep walks: every object under a prefix, with sizes, past one page', async () => {
    const prefix = `sweep-${Date.now()}/`;
    const keys = Array.from({ length: 1005 }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })));
    }
    const listed: string[] = [];
    for await (const object of store.list(prefix)) {
      expect(object.size).toBe(1);
      listed.push(object.key);
    }
    expect(listed.sort()).toEqual(keys);
  });

  it('deletes a file through the API, and its object is gone from RGW', async () => {
    const record = await uploadThroughApi(t.app, cookie, { name: 'gone.txt', bytes: Buffer.from('bye'), type: 'text/plain' });
    const key = record.objectPath.replace(/^\/objects\//, '');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/files/${record.id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect(await store.head(key)).toBeNull();
  });
});
