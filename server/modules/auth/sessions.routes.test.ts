import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

describe('sessions and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, userAgent = 'Phone Browser/1.0') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const sessionsOf = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<{ id: string; userAgent: string | null; ipAddress: string | null; current: boolean; createdAt: string; lastSeenAt: string }>;
  };

  it('lists the sessions with where they came from and which one is this', async () => {
    const { user, password } = await signUp(t.app);
    const laptop = cookieHeader(await login(user.email, password, 'Laptop Browser/2.0'));
    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(2);
    const mine = listed.find((s) => s.current)!;
    expect(mine).toMatchObject({ userAgent: 'Laptop Browser/2.0', ipAddress: '127.0.0.1', current: true });
    expect(listed.filter((s) => !s.current).map((s) => s.userAgent)).toEqual(['lightMyRequest']);
    expect(Object.keys(mine).sort()).toEqual(['createdAt', 'current', 'id', 'ipAddress', 'lastSeenAt', 'userAgent']);
  });

  it('ends one of my sessions, and answers 404 for another user\'s session id', async () => {
    const alice = await signUp(t.app);
    const aliceSecond = cookieHeader(await login(alice.user.email, alice.password));
    const bob = await signUp(t.app);
    const aliceSessions = await sessionsOf(alice.cookie);
    const secondId = aliceSessions.find((s) => !s.current)!.id;

    const stolen = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${secondId}`, headers: { cookie: bob.cookie } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'That session was not found.', code: 'not_found' });
    expect((await me(aliceSecond)).statusCode).toBe(200);

    const notAnId = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', headers: { cookie: alice.cookie } });
    expect(notAnId.statusCode).toBe(404);

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${secondId}`, headers: { cookie: alice.cookie } });
    expect(ended.statusCode).toBe(200);
    expect((await me(aliceSecond)).statusCode).toBe(401);
    expect((await me(alice.cookie)).statusCode).toBe(200);
    expect((await sessionsOf(alice.cookie)).map((s) => s.current)).toEqual([true]);
  });

  it('ends my current session and clears its cookie when I revoke it', async () => {
    const { cookie } = await signUp(t.app);
    const [mine] = await sessionsOf(cookie);
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${mine!.id}`, headers: { cookie } });
    expect(ended.statusCode).toBe(200);
    expect(ended.cookies.find((c) => c.name === 'genie_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out everywhere else', async () => {
    const { user, password, cookie } = await signUp(t.app);
    const others = [cookieHeader(await login(user.email, password)), cookieHeader(await login(user.email, password))];
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: { cookie } });
    expect(response.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('needs a session for every session route', async () => {
    for (const [method, url] of [['GET', '/api/auth/sessions'], ['POST', '/api/auth/sessions/revoke-others'], ['DELETE', '/api/auth/sessions/00000000-0000-0000-0000-000000000000']] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('refuses a password change with the wrong current password', async () => {
    const { user, password, cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: 'not my password', newPassword: 'a new passphrase here' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Your current password is incorrect.', code: 'invalid_input', field: 'currentPassword' });
    expect((await login(user.email, password)).statusCode).toBe(200);
  });

  it('changes the password and signs out every other session', async () => {
    const { user, password, cookie } = await signUp(t.app);
    const other = cookieHeader(await login(user.email, password));
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: password, newPassword: 'a new passphrase here' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, 'a new passphrase here')).statusCode).toBe(200);
  });

  it('says whether the account has a password', async () => {
    const { cookie } = await signUp(t.app);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/password', headers: { cookie } });
    expect(status.json()).toEqual({ set: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password' })).statusCode).toBe(401);
  });

  it('refuses a common new password', async () => {
    const { password, cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: password, newPassword: 'password123' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('newPassword');
  });
});
