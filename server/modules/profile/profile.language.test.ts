import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 44: the account's language is kept on the server and comes back with the current user. */
describe('PATCH /api/user/profile { language }', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user.language;

  it('is null for a new account, keeps the choice, and is each account’s own', async () => {
    const ada = await signUp(t.app);
    const bob = await signUp(t.app);
    expect(await me(ada.cookie)).toBe(null);
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie: ada.cookie }, payload: { language: 'de' } });
    expect([patch.statusCode, patch.json()]).toEqual([200, { language: 'de' }]);
    expect(await me(ada.cookie)).toBe('de');
    expect(await me(bob.cookie)).toBe(null);
  });

  it('refuses a language Genie does not offer, and a visitor', async () => {
    const ada = await signUp(t.app);
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie: ada.cookie }, payload: { language: 'it' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input', field: 'language', error: 'language: Language must be one of en, de, fr, es' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/user/profile', payload: { language: 'de' } })).statusCode).toBe(401);
    expect(await me(ada.cookie)).toBe(null);
  });
});
