import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnGenie, startGenieProcess, stopGenie, tempDir, type GenieProcess } from './support/genie-process';
import { newAccount, postJson, signUpOverHttp, waitFor, type Account } from './support/http';

/**
 * The embedded database must survive the worst a machine does to a process: SIGKILL in the middle
 * of writes, SIGKILL during the very first initialisation, and a second process on the same
 * directory. Every write the server answered must be there after a restart.
 */

const KILLS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loginStatus(baseUrl: string, account: Account) {
  const response = await postJson(`${baseUrl}/api/auth/login`, { email: account.email, password: account.password });
  await response.arrayBuffer();
  return response.status;
}

async function meStatus(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as { user?: { email: string } } };
}

/** Signs users up in a loop until stopped; returns the accounts whose signup was answered 201. */
function writeUntilKilled(baseUrl: string, tag: string) {
  const answered: { account: Account; cookie: string }[] = [];
  let running = true;
  const writer = async () => {
    while (running) {
      const account = newAccount(tag);
      try {
        const cookie = await signUpOverHttp(baseUrl, account);
        answered.push({ account, cookie });
      } catch {
        return; // The server was killed under this request: its outcome is unknown, so it is not counted.
      }
    }
  };
  const writers = Promise.all([writer(), writer(), writer()]);
  return {
    answered,
    async stop() {
      running = false;
      await writers;
    },
  };
}

describe('SIGKILL during writes', () => {
  const data = tempDir('genie-rel-kill-');
  afterAll(() => data.remove());

  it(`keeps every answered write across ${KILLS} kills and restarts`, async () => {
    const all: { account: Account; cookie: string }[] = [];
    let previous: { account: Account; cookie: string }[] = [];
    for (let round = 0; round < KILLS; round++) {
      const genie = await startGenieProcess({ DATA_DIR: data.dir });
      // The writes answered before the last kill are all here, and their sessions still work.
      for (const { account, cookie } of previous) {
        expect(await loginStatus(genie.url, account)).toBe(200);
        const me = await meStatus(genie.url, cookie);
        expect(me.status).toBe(200);
        expect(me.body.user?.email).toBe(account.email);
      }
      const load = writeUntilKilled(genie.url, `k${round}x`);
      // Kill at a different moment of the write loop each round (deterministic, 150-850 ms in).
      await sleep(150 + ((round * 173) % 700));
      genie.kill('SIGKILL');
      const exit = await genie.exited;
      expect(exit.signal).toBe('SIGKILL');
      await load.stop();
      previous = [...load.answered];
      all.push(...load.answered);
    }
    expect(all.length).toBeGreaterThanOrEqual(KILLS);

    const genie = await startGenieProcess({ DATA_DIR: data.dir });
    try {
      const statuses = [];
      for (const { account } of all) statuses.push(await loginStatus(genie.url, account));
      expect(statuses).toEqual(all.map(() => 200));
    } finally {
      expect((await stopGenie(genie)).code).toBe(0);
    }
  });
});

describe('SIGKILL during the first initialisation', () => {
  const data = tempDir('genie-rel-init-');
  afterAll(() => data.remove());

  const initDirs = () => readdirSync(data.dir).filter((name) => name.startsWith('pglite.init-'));

  it('leaves a directory that the next start opens and uses', async () => {
    for (const delayMs of [100, 1500]) {
      const genie = spawnGenie({ DATA_DIR: data.dir });
      await waitFor(() => existsSync(data.dir) && initDirs().length > 0, 60_000, 'the initialisation directory');
      await sleep(delayMs);
      genie.kill('SIGKILL');
      expect((await genie.exited).signal).toBe('SIGKILL');
      expect(genie.output()).not.toContain('Genie is running at');
    }
    const genie = await startGenieProcess({ DATA_DIR: data.dir });
    try {
      expect(initDirs()).toEqual([]);
      const account = newAccount('init');
      const cookie = await signUpOverHttp(genie.url, account);
      expect((await meStatus(genie.url, cookie)).body.user?.email).toBe(account.email);
    } finally {
      expect((await stopGenie(genie)).code).toBe(0);
    }
  });
});

describe('restart', () => {
  const data = tempDir('genie-rel-restart-');
  afterAll(() => data.remove());

  it('keeps users and sessions: the old cookie still works after a graceful restart', async () => {
    const first = await startGenieProcess({ DATA_DIR: data.dir });
    const account = newAccount('restart');
    const cookie = await signUpOverHttp(first.url, account);
    expect((await stopGenie(first, 'SIGTERM')).code).toBe(0);

    const second = await startGenieProcess({ DATA_DIR: data.dir });
    try {
      const me = await meStatus(second.url, cookie);
      expect(me.status).toBe(200);
      expect(me.body.user?.email).toBe(account.email);
      expect(await loginStatus(second.url, account)).toBe(200);
    } finally {
      expect((await stopGenie(second)).code).toBe(0);
    }
  });

  it('refuses a second server on the same DATA_DIR with a clear message, and the first keeps serving', async () => {
    const first = await startGenieProcess({ DATA_DIR: data.dir });
    let second: GenieProcess | undefined;
    try {
      second = spawnGenie({ DATA_DIR: data.dir });
      const exit = await second.exited;
      expect(exit.code).toBe(1);
      expect(second.output()).toContain(`in use by PID ${first.child.pid}`);
      expect(second.output()).not.toMatch(/\n\s+at /);
      const health = await fetch(`${first.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      second?.kill('SIGKILL');
      expect((await stopGenie(first)).code).toBe(0);
    }
  });

  it('refuses a second server in a PID namespace of its own (a second container on the volume), where the first one’s PID means nothing', async () => {
    const first = await startGenieProcess({ DATA_DIR: data.dir });
    let second: GenieProcess | undefined;
    try {
      second = spawnGenie({ DATA_DIR: data.dir }, 90_000, { wrapper: ['unshare', '--pid', '--fork', '--mount-proc'] });
      const exit = await second.exited;
      expect(exit.code).toBe(1);
      expect(second.output()).toContain(`in use by PID ${first.child.pid}`);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      second?.kill('SIGKILL');
      expect((await stopGenie(first)).code).toBe(0);
    }
  });

  it('starts after a SIGKILL left the lock file behind, naming a PID that now runs something else', async () => {
    const first = await startGenieProcess({ DATA_DIR: data.dir });
    await stopGenie(first, 'SIGKILL');
    expect(readFileSync(join(data.dir, 'genie.lock'), 'utf8').split('\n')[0]).toBe(String(first.child.pid));
    // A reboot hands PIDs out again: make the file name a live process that is not Genie.
    writeFileSync(join(data.dir, 'genie.lock'), `${process.pid}\n`);
    const second = await startGenieProcess({ DATA_DIR: data.dir });
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      expect((await stopGenie(second)).code).toBe(0);
    }
  });

  it('explains, without a stack trace, a database directory it cannot open', async () => {
    const broken = tempDir('genie-rel-broken-');
    try {
      mkdirSync(join(broken.dir, 'pglite'));
      writeFileSync(join(broken.dir, 'pglite', 'PG_VERSION'), 'not a database\n');
      const genie = spawnGenie({ DATA_DIR: broken.dir });
      const exit = await genie.exited;
      expect(exit.code).toBe(1);
      expect(genie.output()).toContain('Could not open the embedded database');
      expect(genie.output()).not.toContain('Aborted()');
      expect(genie.output()).not.toMatch(/\n\s+at /);
    } finally {
      broken.remove();
    }
  });
});

describe('configuration', () => {
  it('exits 1 naming every bad variable, without a stack trace', async () => {
    const genie = spawnGenie({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    const exit = await genie.exited;
    expect(exit.code).toBe(1);
    const output = genie.output();
    expect(output).toContain('PORT');
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
