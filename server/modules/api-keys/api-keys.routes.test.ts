import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys';
import { ManualClock } from '../../lib/clock';
import { ADMIN, adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 40: personal API keys: made (shown once, kept hashed), listed, revoked, stopped with their account. */
describe('personal API keys', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));

  beforeAll(async () => {
    t = await createAdminTestApp({ clock });
  });
  afterAll(() => t.close());

  const create = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie }, payload });
  const models = (key: string) => t.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${key}` } });

  it('makes a key shown once and kept only as its SHA-256; the list carries no secret', async () => {
    const a = await signUp(t.app);
    const made = await create(a.cookie, { name: '  Laptop script ', expiresInDays: 30 });
    expect(made.statusCode).toBe(201);
    const body = made.json();
    expect(body.key).toMatch(/^gk_[A-Za-z0-9_-]{43}$/);
    expect(body).toEqual({
      id: body.id,
      name: 'Laptop script',
      key: body.key,
      prefix: body.key.slice(0, 9),
      createdAt: '2026-03-02T10:00:00.000Z',
      expiresAt: '2026-04-01T10:00:00.000Z',
      lastUsedAt: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(body.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.key);

    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: a.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ keys: [{ id: body.id, name: 'Laptop script', prefix: body.prefix, createdAt: body.createdAt, expiresAt: body.expiresAt, lastUsedAt: null }] });
    expect(list.body).not.toContain(body.key);
  });

  it('refuses bad input with the field named, and a visitor with 401', async () => {
    const a = await signUp(t.app);
    const blank = await create(a.cookie, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: 'name: Give the key a name', code: 'invalid_input', field: 'name' });
    const days = await create(a.cookie, { name: 'x', expiresInDays: 0 });
    expect(days.json()).toMatchObject({ code: 'invalid_input', field: 'expiresInDays' });
    expect((await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('acts only on /v1 and /mcp: a key does not sign in to the cookie API', async () => {
    const a = await signUp(t.app);
    const { key } = (await create(a.cookie, { name: 'k' })).json();
    expect((await models(key)).statusCode).toBe(200);
    const cookieApi = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: { authorization: `Bearer ${key}` } });
    expect(cookieApi.statusCode).toBe(401);
  });

  it('records a use as lastUsedAt at most once a minute', async () => {
    const a = await signUp(t.app);
    const { id, key } = (await create(a.cookie, { name: 'k' })).json();
    const lastUsed = async () => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.lastUsedAt?.toISOString() ?? null;
    await models(key);
    const first = clock.now().toISOString();
    expect(await lastUsed()).toBe(first);
    clock.advance(59_000);
    await models(key);
    expect(await lastUsed()).toBe(first);
    clock.advance(2_000);
    await models(key);
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('stops an expired key', async () => {
    const a = await signUp(t.app);
    const { key } = (await create(a.cookie, { name: 'k', expiresInDays: 1 })).json();
    expect((await models(key)).statusCode).toBe(200);
    clock.advance(24 * 3600 * 1000 + 1);
    expect((await models(key)).statusCode).toBe(401);
  });

  it('revokes at once; another user\'s key is 404; both go to the audit log', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const { id, key, prefix } = (await create(a.cookie, { name: 'CI' })).json();
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: { cookie: b.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect((await models(key)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: { cookie: a.cookie } });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true });
    const refused = await models(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });

    const admin = await adminHeaders(t.app);
    const made = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=create_api_key', headers: admin });
    expect(made.json().entries.find((e: { targetUserId: string }) => e.targetUserId === a.user.id)).toMatchObject({
      admin: '(user)',
      action: 'create_api_key',
      target: a.user.email,
      details: { keyId: id, name: 'CI', prefix },
    });
    const gone = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=revoke_api_key', headers: admin });
    expect(gone.json().entries.filter((e: { targetUserId: string }) => e.targetUserId === a.user.id)).toHaveLength(1);
  });

  it('shows admins how many keys each user has, and lets them revoke them all', async () => {
    const a = await signUp(t.app);
    const k1 = (await create(a.cookie, { name: 'one' })).json().key;
    const k2 = (await create(a.cookie, { name: 'two' })).json().key;
    const admin = await adminHeaders(t.app);
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(a.user.email)}`, headers: admin });
    expect(listed.json().users[0]).toMatchObject({ id: a.user.id, apiKeys: 2 });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${a.user.id}/api-keys`, headers: { cookie: a.cookie } })).statusCode).toBe(401);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${a.user.id}/api-keys`, headers: admin });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: 2 });
    expect((await models(k1)).statusCode).toBe(401);
    expect((await models(k2)).statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(a.user.email)}`, headers: admin });
    expect(after.json().users[0].apiKeys).toBe(0);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=revoke_api_keys', headers: admin });
    expect(audit.json().entries[0]).toMatchObject({ admin: ADMIN.username, targetUserId: a.user.id, details: { revoked: 2 } });
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/api-keys', headers: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it("stops a suspended user's keys, and starts them again on reactivation", async () => {
    const a = await signUp(t.app);
    const { key } = (await create(a.cookie, { name: 'k' })).json();
    const admin = await adminHeaders(t.app);
    const suspend = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${a.user.id}`, headers: admin, payload: { status: 'suspended' } });
    expect(suspend.statusCode).toBe(200);
    expect((await models(key)).statusCode).toBe(401);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${a.user.id}`, headers: admin, payload: { status: 'active' } });
    expect((await models(key)).statusCode).toBe(200);
  });

  it("stops an erased user's keys, and the key rows go with the account", async () => {
    const a = await signUp(t.app);
    const { key } = (await create(a.cookie, { name: 'k' })).json();
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: a.cookie }, payload: { password: a.password } });
    expect(erased.statusCode).toBeLessThan(300);
    expect((await models(key)).statusCode).toBe(401);
    await expect.poll(async () => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, a.user.id))).length, { timeout: 10_000 }).toBe(0);
  });
});
