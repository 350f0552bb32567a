import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, postJson, signUpOverHttp, waitFor } from './support/http';
import { createScratchDatabase, withPostgresStopped } from './support/postgres';

/**
 * PostgreSQL restarted under a serving Genie: while it is down every request that needs it is a
 * 503 with a sentence (never a 500, never a hang), health says the database is down, and once it
 * is back the same process serves again, the old session included.
 */
describe('PostgreSQL restarted while serving', () => {
  const data = tempDir('genie-rel-pg-');
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    database = await createScratchDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    data.remove();
  });

  it('answers 503 during the outage and recovers without a restart', async () => {
    const genie = await startGenieProcess({ DATA_DIR: data.dir, DATABASE_URL: database.url });
    try {
      const account = newAccount('pg');
      const cookie = await signUpOverHttp(genie.url, account);
      const healthy = await fetch(`${genie.url}/api/health`);
      expect(healthy.status).toBe(200);
      expect(((await healthy.json()) as { checks: { database: string } }).checks.database).toBe('ok');

      // Requests keep flowing through the whole restart: each is answered 200 or 503, nothing else.
      const seen = new Set<number>();
      let flowing = true;
      const traffic = (async () => {
        while (flowing) {
          const response = await fetch(`${genie.url}/api/auth/me`, { headers: { cookie } });
          await response.arrayBuffer();
          seen.add(response.status);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();

      await withPostgresStopped(async () => {
        const health = await fetch(`${genie.url}/api/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ status: 'down', checks: { database: 'down' } });

        const me = await fetch(`${genie.url}/api/auth/me`, { headers: { cookie } });
        expect(me.status).toBe(503);
        expect(await me.json()).toMatchObject({ code: 'unavailable' });

        const login = await postJson(`${genie.url}/api/auth/login`, { email: account.email, password: account.password });
        expect(login.status).toBe(503);
        const signup = await postJson(`${genie.url}/api/auth/signup`, newAccount('pgdown'));
        expect(signup.status).toBe(503);
        expect(await signup.json()).toMatchObject({ code: 'unavailable' });
      });

      await waitFor(async () => (await fetch(`${genie.url}/api/health`)).status === 200, 30_000, 'health to recover');
      flowing = false;
      await traffic;
      expect([...seen].sort()).toEqual([200, 503]);

      const me = await fetch(`${genie.url}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(account.email);
      await signUpOverHttp(genie.url, newAccount('pgback'));
      expect(genie.child.exitCode).toBe(null);
    } finally {
      expect((await stopGenie(genie)).code).toBe(0);
    }
  });
});
