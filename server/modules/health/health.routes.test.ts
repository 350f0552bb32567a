import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with each check while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().checks.database).toBe('ok');
    expect(response.json().checks.storage).toBe('ok');
    expect(['ok', 'offline']).toContain(response.json().checks.models);
  });

  it('answers 503 with status down once the database is gone', async () => {
    const t2 = await createTestApp();
    await t2.database.close();
    const response = await t2.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'down', checks: { database: 'down' } });
    await t2.app.close();
  });
});

/**
 * Issue 47: health said storage "ok" with 2 MB free. The disk holding DATA_DIR (the embedded
 * database, local file bytes, the session secret) is measured on every check: under 5% or 500 MB
 * free it is "low" and the status "degraded".
 */
describe('GET /api/health and the disk under DATA_DIR', () => {
  const MB = 1024 * 1024;
  const GB = 1024 * MB;
  const healthWith = async (space: { freeBytes: number; totalBytes: number }) => {
    const t = await createTestApp({ deps: { diskSpace: async () => space } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      return { statusCode: response.statusCode, body: response.json() as { status: string; checks: { storage: string }; disk: unknown } };
    } finally {
      await t.close();
    }
  };

  it('says storage is low with 100 MB free, and the status degraded (still 200: the database answers)', async () => {
    const { statusCode, body } = await healthWith({ freeBytes: 100 * MB, totalBytes: 50 * GB });
    expect(statusCode).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.checks.storage).toBe('low');
    expect(body.disk).toEqual({ freeBytes: 100 * MB, totalBytes: 50 * GB, status: 'low' });
  });

  it('says storage is full under 17 MB free (writes answer 507 then), still 200 and degraded', async () => {
    const { statusCode, body } = await healthWith({ freeBytes: 2 * MB, totalBytes: 50 * GB });
    expect(statusCode).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.checks.storage).toBe('full');
    expect(body.disk).toEqual({ freeBytes: 2 * MB, totalBytes: 50 * GB, status: 'full' });
    expect((await healthWith({ freeBytes: 17 * MB, totalBytes: 50 * GB })).body.checks.storage).toBe('low');
  });

  it('is low under 5% free even with more than 500 MB, and ok with room', async () => {
    expect((await healthWith({ freeBytes: 4 * GB, totalBytes: 100 * GB })).body.disk).toEqual({ freeBytes: 4 * GB, totalBytes: 100 * GB, status: 'low' });
    const roomy = await healthWith({ freeBytes: 20 * GB, totalBytes: 100 * GB });
    expect(roomy.body.checks.storage).toBe('ok');
    expect(roomy.body.disk).toEqual({ freeBytes: 20 * GB, totalBytes: 100 * GB, status: 'ok' });
  });

  it('measures the real disk when nothing is put in its place', async () => {
    const t = await createTestApp();
    try {
      const body = (await t.app.inject({ method: 'GET', url: '/api/health' })).json() as { disk: { freeBytes: number; totalBytes: number } };
      expect(body.disk.totalBytes).toBeGreaterThan(0);
      expect(body.disk.freeBytes).toBeGreaterThan(0);
      expect(body.disk.freeBytes).toBeLessThanOrEqual(body.disk.totalBytes);
    } finally {
      await t.close();
    }
  });
});
