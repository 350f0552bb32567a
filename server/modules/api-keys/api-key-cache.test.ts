import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEAM_POLICY, type TeamPolicy } from '@contract/team-controls';
import { apiKeys } from '../../db/schema/api-keys';
import { ManualClock } from '../../lib/clock';
import { SESSION_CACHE_TTL_MS } from '../auth/session-cache';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { signUp, type TestApp } from '../../../tests/support/test-app';
import { apiKeysRepository } from './api-keys.repository';

/**
 * A key's user (with its team's API and tools switches) is kept for two seconds per process, as a
 * session is (issue 40: /v1's first token waited on the key's read and the policy's). Every event
 * that stops a key in this process is seen by the very next request, with the entry warm. The
 * clock stands still unless a test moves it, so no entry here expires by time on its own.
 */
describe('the API key cache', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
  beforeAll(async () => {
    t = await createAdminTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const models = (key: string) => t.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${key}` } });
  async function personWithKey(payload: Record<string, unknown> = {}) {
    const person = await signUp(t.app);
    const made = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: person.cookie }, payload: { name: 'script', ...payload } })).json();
    // Warm: the key's user is in the cache before each event below.
    expect((await models(made.key)).statusCode).toBe(200);
    return { ...person, key: made.key as string, keyId: made.id as string };
  }
  const setPolicy = (cookie: string, policy: Partial<TeamPolicy>) =>
    t.app.inject({ method: 'PUT', url: '/api/team/policy', headers: { cookie }, payload: { ...DEFAULT_TEAM_POLICY, ...policy } });

  it('reads a key once in two seconds: a row gone behind its back (another process revoking) answers until then', async () => {
    const a = await personWithKey();
    const reads = vi.spyOn(apiKeysRepository, 'findLive');
    expect((await models(a.key)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(0);

    await t.database.db.delete(apiKeys).where(eq(apiKeys.id, a.keyId));
    clock.advance(SESSION_CACHE_TTL_MS - 1);
    expect((await models(a.key)).statusCode).toBe(200);
    clock.advance(1);
    expect((await models(a.key)).statusCode).toBe(401);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('shares one read among twenty requests that miss together', async () => {
    const a = await personWithKey();
    clock.advance(SESSION_CACHE_TTL_MS);
    const reads = vi.spyOn(apiKeysRepository, 'findLive');
    const answers = await Promise.all(Array.from({ length: 20 }, () => models(a.key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('refuses a key revoked by its user at once', async () => {
    const a = await personWithKey();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${a.keyId}`, headers: { cookie: a.cookie } })).statusCode).toBe(200);
    const refused = await models(a.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({
      message: 'That API key is not valid: it was revoked, it has expired, or its account is not active.',
      type: 'authentication_error',
      code: 'invalid_api_key',
      param: null,
    });
  });

  it('refuses keys an admin revoked at once', async () => {
    const a = await personWithKey();
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${a.user.id}/api-keys`, headers: await adminHeaders(t.app) });
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await models(a.key)).statusCode).toBe(401);
  });

  it("refuses a suspended account's key at once, and takes it again on reactivation at once", async () => {
    const a = await personWithKey();
    const admin = await adminHeaders(t.app);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${a.user.id}`, headers: admin, payload: { status: 'suspended' } })).statusCode).toBe(200);
    expect((await models(a.key)).statusCode).toBe(401);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${a.user.id}`, headers: admin, payload: { status: 'active' } });
    expect((await models(a.key)).statusCode).toBe(200);
  });

  it("refuses an erased account's key at once", async () => {
    const a = await personWithKey();
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: a.cookie }, payload: { password: a.password } });
    expect(erased.statusCode).toBeLessThan(300);
    expect((await models(a.key)).statusCode).toBe(401);
  });

  it('refuses a key the millisecond it expires, though its entry is younger than two seconds', async () => {
    const a = await signUp(t.app);
    const made = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: a.cookie }, payload: { name: 'k', expiresInDays: 1 } })).json();
    clock.set(new Date(new Date(made.expiresAt as string).getTime() - 1));
    expect((await models(made.key)).statusCode).toBe(200);
    clock.advance(1);
    expect((await models(made.key)).statusCode).toBe(401);
  });

  it("sees the team's API switch at once: off is a 403 with the rule, on answers again", async () => {
    const a = await personWithKey();
    expect((await setPolicy(a.cookie, { api: false })).statusCode).toBe(200);
    const refused = await models(a.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Your team's policy does not allow the API. Your team owner can change this on the Team page.");
    expect((await setPolicy(a.cookie, { api: true })).statusCode).toBe(200);
    expect((await models(a.key)).statusCode).toBe(200);
  });
});
