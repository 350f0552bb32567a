import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs up with 201, an httpOnly SameSite=Lax session cookie, and knows the user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: '  Ada@Example.COM ', username: 'ada', password: 'analytical engine' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email: 'ada@example.com', username: 'ada' });
    const cookie = response.cookies.find((c) => c.name === 'genie_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('ada');
  });

  it('answers /api/auth/me with 401 when signed out', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: 'Please sign in to continue.', code: 'not_signed_in' });
  });

  it('answers /api/auth/session with 200 and no user for a visitor or an ended session, and the user when signed in (issue 42)', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect([visitor.statusCode, visitor.json()]).toEqual([200, { user: null }]);
    const ended = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: 'genie_session=not-a-live-session' } });
    expect([ended.statusCode, ended.json()]).toEqual([200, { user: null }]);
    const signedUp = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'sessionq@example.com', username: 'sessionq', password: 'long enough pass' } });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cookieHeader(signedUp) } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: signedUp.json().user });
  });

  it.each([
    [{ username: 'bob', password: 'long enough pass' }, 'email'],
    [{ email: 'not-an-email', username: 'bob', password: 'long enough pass' }, 'email'],
    [{ email: 'bob@example.com', password: 'long enough pass' }, 'username'],
    [{ email: 'bob@example.com', username: 'b o b', password: 'long enough pass' }, 'username'],
    [{ email: 'bob@example.com', username: 'bob' }, 'password'],
    [{ email: 'bob@example.com', username: 'bob', password: 'short' }, 'password'],
    [{ email: 'bob@example.com', username: 'bob', password: 'x'.repeat(257) }, 'password'],
    [{ email: 'bob@example.com', username: 'bob', password: 12345678 }, 'password'],
  ])('refuses signup %j with 400 naming %s', async (payload, field) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });

  it('accepts a 128-character password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'long@example.com', username: 'longpass', password: 'p'.repeat(64) + 'q'.repeat(64) },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses one of the most common passwords', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'common@example.com', username: 'common', password: 'Password123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This password is too common. Choose a less guessable one.',
      code: 'invalid_input',
      field: 'password',
    });
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_input' });
  });

  it('refuses a duplicate email or username with 409 naming the field', async () => {
    const first = await signUp(t.app);
    const sameEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: first.user.email.toUpperCase(), username: 'someoneelse', password: 'another fine pass' },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'conflict', field: 'email' });
    const sameName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'fresh@example.com', username: first.user.username, password: 'another fine pass' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'conflict', field: 'username' });
  });

  it('refuses a username that differs from another only in case with 409, also when both sign up at once', async () => {
    const suffix = Math.floor(Math.random() * 1e6);
    await signUp(t.app, { username: `victim${suffix}` });
    const signup = (username: string, n: number) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `case${suffix}-${n}@example.com`, username, password: 'another fine pass' } });
    const upper = await signup(`VICTIM${suffix}`, 1);
    expect(upper.statusCode).toBe(409);
    expect(upper.json()).toEqual({ error: 'This username is already taken.', code: 'conflict', field: 'username' });
    const racing = await Promise.all([signup(`Racer${suffix}`, 2), signup(`rACER${suffix}`, 3)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json()).toEqual({ error: 'This username is already taken.', code: 'conflict', field: 'username' });
  });

  it('signs in with a new session each time and never says which part was wrong', async () => {
    const { user, password, cookie: first } = await signUp(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    expect(login.statusCode).toBe(200);
    expect(cookieHeader(login)).not.toBe(first);
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong password!' } });
    const unknownEmail = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password } });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'The email or password is incorrect.', code: 'invalid_credentials' });
    }
  });

  it('signs out: the session is gone from the server, not only the cookie', async () => {
    const { cookie } = await signUp(t.app);
    // Resolved once first, so the process's session cache holds it: sign-out must forget it at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another site with 403', async () => {
    const { cookie } = await signUp(t.app);
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.json()).toEqual({ error: 'Cross-site requests are not allowed.', code: 'cross_site' });
    const byFetchMetadata = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(byFetchMetadata.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No route for GET /api/no-such-thing.', code: 'not_found' });
  });
});

describe('account limits over time', () => {
  it('rate limits sign-in attempts with 429', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever123' } });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever123' } });
      expect(limited.json()).toEqual({ error: 'Too many attempts. Try again in 1 minute.', code: 'rate_limited' });
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('ends a session after 14 idle days, keeps it while in use', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const t = await createTestApp({ deps: { clock } });
    try {
      const { cookie } = await signUp(t.app);
      clock.advance(13 * 24 * 3600 * 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      clock.advance(13 * 24 * 3600 * 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      clock.advance(15 * 24 * 3600 * 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('ends every session at its absolute expiry of 30 days, even in use', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const t = await createTestApp({ deps: { clock } });
    try {
      const { cookie } = await signUp(t.app);
      for (let day = 0; day < 29; day += 7) {
        clock.advance(7 * 24 * 3600 * 1000);
        const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
        expect(me.statusCode).toBe(day + 7 < 30 ? 200 : 401);
      }
    } finally {
      await t.close();
    }
  });
});
