import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 42: the persona carousel's choice is kept on the account, so a new browser does not ask again. */
describe('GET and PUT /api/user/persona', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is null for a new account, keeps the choice, and is each account’s own', async () => {
    const ada = await signUp(t.app);
    const bob = await signUp(t.app);
    const get = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user/persona', headers: { cookie } })).json();
    expect(await get(ada.cookie)).toEqual({ persona: null });
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/persona', headers: { cookie: ada.cookie }, payload: { persona: 'gina' } });
    expect([put.statusCode, put.json()]).toEqual([200, { persona: 'gina' }]);
    expect(await get(ada.cookie)).toEqual({ persona: 'gina' });
    expect(await get(bob.cookie)).toEqual({ persona: null });
  });

  it('refuses an unknown persona and a visitor', async () => {
    const ada = await signUp(t.app);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/user/persona', headers: { cookie: ada.cookie }, payload: { persona: 'hal' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input', field: 'persona' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/persona' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/persona', payload: { persona: 'g' } })).statusCode).toBe(401);
  });
});
