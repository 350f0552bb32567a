import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** The headers helmet sets once per request (security-headers.ts), on the API and on a page alike. */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const CSP =
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;" +
    "font-src 'self' data:;connect-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";

  it('sends the strict policy, no framing, no sniffing and a same-origin referrer on an API answer and its refusal', async () => {
    for (const url of ['/api/health', '/api/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.headers['content-security-policy'], response.headers['x-frame-options'], response.headers['x-content-type-options'], response.headers['referrer-policy']]).toEqual([
        url,
        CSP,
        'SAMEORIGIN',
        'nosniff',
        'same-origin',
      ]);
    }
  });

  it('sends no HSTS over plain HTTP and no cross-origin embedder policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect([response.headers['strict-transport-security'], response.headers['cross-origin-embedder-policy']]).toEqual([undefined, undefined]);
  });
});
