import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadThroughApi } from '../../tests/support/files';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';

/** Issue 38 item 4: no answer of the API that carries a person's data may be kept by a cache. */
describe('Cache-Control on API answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUp(t.app));
  });
  afterAll(() => t.close());

  const get = (url: string, withCookie = true) => t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

  it('is no-store on /api/auth/me, /api/files and the other signed-in reads, and on their refusals', async () => {
    for (const url of ['/api/auth/me', '/api/files', '/api/files?scope=team', '/api/conversations', '/api/user/profile', '/api/team', '/api/search?q=note', '/api/storage', '/api/auth/sessions']) {
      const response = await get(url);
      expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, 'no-store']);
    }
    const visitor = await get('/api/auth/me', false);
    expect([visitor.statusCode, visitor.headers['cache-control']]).toEqual([401, 'no-store']);
    const missing = await get('/api/files/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, missing.headers['cache-control']]).toEqual([404, 'no-store']);
  });

  it('leaves a download its own rule (revalidated each time, never shared)', async () => {
    const file = await uploadThroughApi(t.app, cookie, { name: 'note.txt', bytes: Buffer.from('hello'), type: 'text/plain' });
    const download = await get(`/api/files/${file.id}/download`);
    expect([download.statusCode, download.headers['cache-control'], download.body]).toEqual([200, 'private, no-cache', 'hello']);
  });
});
