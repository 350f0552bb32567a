import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);
const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

export interface TestSlapd {
  /** ldap://127.0.0.1:<port> */
  url: string;
  /** Stops the server (a directory that is down); close() removes its files too. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real OpenLDAP `slapd` (Debian's package) on a loopback port: a temporary slapd.conf with the
 * mdb backend in a temporary directory, loaded offline with slapadd from the LDIF the test gives
 * (whose first entry is the suffix). Passwords in the LDIF may be cleartext: a simple bind compares
 * them as they are. The access rules are a directory's usual ones: passwords are only usable to
 * bind, and only a bound identity may read entries (so Genie's service bind is really needed).
 * `rootDn` (which the access rules do not bind) lets a test change entries while it runs.
 * Start once per test file and close after it.
 */
export async function startSlapd(options: { suffix: string; ldif: string; rootDn: string; rootPassword: string }): Promise<TestSlapd> {
  const dir = mkdtempSync(join(tmpdir(), 'genie-slapd-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'include /etc/ldap/schema/nis.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      `argsfile ${join(dir, 'slapd.args')}`,
      'database mdb',
      `suffix "${options.suffix}"`,
      `directory ${dataDir}`,
      `rootdn "${options.rootDn}"`,
      `rootpw ${options.rootPassword}`,
      'maxsize 10485760',
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const ldif = join(dir, 'data.ldif');
  writeFileSync(ldif, options.ldif);
  await run(SLAPADD, ['-f', conf, '-l', ldif]);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground (it does not fork), so this child is the server itself.
  let child: ChildProcess | undefined = spawn(SLAPD, ['-h', `${url}/`, '-f', conf, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`slapd did not start on ${url}: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const stop = async () => {
    if (!child) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child?.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
    child = undefined;
  };
  return {
    url,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
