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
