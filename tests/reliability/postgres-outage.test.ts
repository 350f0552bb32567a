import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, postJson, signUpOverHttp, waitFor } from './support/http';
import { createScratchDatabase, withPostgresStopped } from './support/postgres';

/**
 * PostgreSQL restarted under a serving Genie: while it is down every request that needs it is a
 * 503 with a sentence (never a 500, never a hang), health says the database is down, and once it
 * is back the same process serves again, the old session included.
 *
 * The probe is GET /api/conversations, which reads the database on every request. /api/auth/me is
 * not: a session resolved in the last two seconds is answered from the process's session cache
 * (docs/decisions.md), so during an outage it may still say who is signed in.
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

      // Requests keep flowing through the whole restart: each is answered 200 or 503, nothing else,
      // and the loop never leaves a rejection behind (a failed fetch is recorded, not thrown).
      const conversations = () => fetch(`${genie.url}/api/conversations`, { headers: { cookie } });
      const seen = new Set<number | string>();
      let flowing = true;
      const traffic = (async () => {
        while (flowing) {
          try {
            const response = await conversations();
            await response.arrayBuffer();
            seen.add(response.status);
          } catch (error) {
            seen.add(`fetch failed: ${(error as Error).message}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();

      try {
        await withPostgresStopped(async () => {
          const health = await fetch(`${genie.url}/api/health`);
          expect(health.status).toBe(503);
          expect(await health.json()).toMatchObject({ status: 'down', checks: { database: 'down' } });

          const list = await conversations();
          expect(list.status).toBe(503);
          expect(await list.json()).toEqual({
            error: 'The database is not answering right now. Please try again in a moment.',
            code: 'unavailable',
          });

          const login = await postJson(`${genie.url}/api/auth/login`, { email: account.email, password: account.password });
          expect(login.status).toBe(503);
          expect(await login.json()).toMatchObject({ code: 'unavailable' });
          const signup = await postJson(`${genie.url}/api/auth/signup`, newAccount('pgdown'));
          expect(signup.status).toBe(503);
          expect(await signup.json()).toMatchObject({ code: 'unavailable' });
          // Stopping and starting PostgreSQL block this process: let the traffic meet the outage too.
          await waitFor(() => seen.has(503), 10_000, 'the background traffic to be answered 503');
        });

        await waitFor(async () => (await fetch(`${genie.url}/api/health`)).status === 200, 30_000, 'health to recover');
        await waitFor(async () => (await conversations()).status === 200, 30_000, 'the conversation list to be served again');
      } finally {
        flowing = false;
        await traffic;
      }
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
