import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, postJson, signUpOverHttp, waitFor } from './support/http';
import { createScratchDatabase } from './support/postgres';

/**
 * Connections dropped under a serving Genie (`pg_terminate_backend`: an administrator, a failover,
 * a proxy's idle timeout). A dropped connection is a 503 for the request that used it and a fresh
 * connection for the next one; it never ends the process. The dangerous moment is a connection a
 * request holds (a transaction): pg reports its loss as an 'error' event on the client, which kills
 * Node when nobody listens.
 */
describe('PostgreSQL connections terminated while serving', () => {
  const data = tempDir('genie-rel-pgterm-');
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: pg.Client;
  /** Holds the lock in its own transaction (pg_stat_activity is a snapshot inside a transaction). */
  let locker: pg.Client;

  beforeAll(async () => {
    database = await createScratchDatabase();
    admin = new pg.Client({ connectionString: database.url });
    locker = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await locker.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await locker?.end();
    await database?.drop();
    data.remove();
  });

  /** Ends every connection Genie has to its database (not this test's own). */
  let lockerPid = 0;
  async function terminateGenieBackends() {
    const { rows } = await admin.query<{ terminated: boolean }>(
      'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and pid <> $1',
      [lockerPid],
    );
    return rows.length;
  }

  it('keeps the process alive through terminated connections, held ones included, and recovers', async () => {
    const genie = await startGenieProcess({ DATA_DIR: data.dir, DATABASE_URL: database.url });
    try {
      const cookie = await signUpOverHttp(genie.url, newAccount('pgterm'));

      // 1. Connections checked out inside transactions: signups wait on a lock this test holds on
      // team_members, each in the middle of its transaction, when their connections are ended.
      lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await locker.query('begin');
      await locker.query('lock table team_members in share mode');
      const blocked = [0, 1, 2].map(() => postJson(`${genie.url}/api/auth/signup`, newAccount('pgheld')));
      await waitFor(
        async () => {
          const { rows } = await admin.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return rows[0]!.n === 3;
        },
        20_000,
        'three signups to wait on the lock inside their transactions',
      );
      expect(await terminateGenieBackends()).toBeGreaterThanOrEqual(3);
      await locker.query('rollback');
      const answers = await Promise.all(blocked.map(async (request) => {
        const response = await request;
        return { status: response.status, body: await response.json() };
      }));
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 503,
          body: { error: 'The database is not answering right now. Please try again in a moment.', code: 'unavailable' },
        });
      }
      // A crash would come a moment after the answers, when the dropped sockets close.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(genie.child.exitCode, genie.output()).toBe(null);

      // 2. Connections ended again and again while reads and transactions flow.
      const seen = new Set<number | string>();
      let flowing = true;
      const loop = (request: () => Promise<Response>) =>
        (async () => {
          while (flowing) {
            try {
              const response = await request();
              await response.arrayBuffer();
              seen.add(response.status);
            } catch (error) {
              seen.add(`fetch failed: ${(error as Error).message}`);
            }
          }
        })();
      const traffic = [
        loop(() => fetch(`${genie.url}/api/conversations`, { headers: { cookie } })),
        loop(() => fetch(`${genie.url}/api/conversations`, { headers: { cookie } })),
        loop(() => postJson(`${genie.url}/api/auth/signup`, newAccount('pgflow'))),
        loop(() => postJson(`${genie.url}/api/auth/signup`, newAccount('pgflow'))),
      ];
      try {
        for (let round = 0; round < 25; round++) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          await terminateGenieBackends();
        }
      } finally {
        flowing = false;
        await Promise.all(traffic);
      }
      expect(genie.child.exitCode, genie.output()).toBe(null);
      // Every request was answered, and only with success or the database's 503.
      expect([...seen].filter((status) => ![200, 201, 503].includes(status as number))).toEqual([]);

      // 3. The same process serves again.
      await waitFor(async () => (await fetch(`${genie.url}/api/conversations`, { headers: { cookie } })).status === 200, 30_000, 'the conversation list to be served again');
      await signUpOverHttp(genie.url, newAccount('pgtermback'));
      const health = await fetch(`${genie.url}/api/health`);
      expect(health.status).toBe(200);
      expect(genie.child.exitCode, genie.output()).toBe(null);
    } finally {
      expect((await stopGenie(genie)).code, genie.output()).toBe(0);
    }
  });
});
