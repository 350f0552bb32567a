import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_ENV, tempDir } from './support/genie-process';
import { waitFor } from './support/http';
import { childrenOf } from './support/probes';

/**
 * `npm start` as a service manager or a terminal runs it (issue 47): stopping npm stops the
 * server. Before, npm ran the server under `sh -c`, passed SIGTERM to the shell, and the shell
 * died leaving the server orphaned, still holding its port and data directory.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface NpmStart {
  npm: ChildProcess;
  url: string;
  output(): string;
}

async function npmStart(dataDir: string): Promise<NpmStart> {
  const npm = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: { ...process.env, ...BASE_ENV, DATA_DIR: dataDir, CLIENT_DIR: '/nonexistent-genie-client' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The first npm start of a fresh clone builds the client and the server first.
  await waitFor(() => /Genie is running at (http:\/\/[\d.]+:\d+)/.test(output) || npm.exitCode !== null, 300_000, `npm start:\n${output}`);
  const url = /Genie is running at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
  if (!url) throw new Error(`npm start did not start:\n${output}`);
  return { npm, url, output: () => output };
}

/** The server: the Node process under npm that serves (npm's descendants, shell or not). */
async function serverPidOf(npmPid: number): Promise<number> {
  const descendants: number[] = [];
  const walk = async (pid: number) => {
    for (const child of await childrenOf(pid)) {
      descendants.push(child);
      await walk(child);
    }
  };
  await walk(npmPid);
  const server = descendants.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.mjs') && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node');
  if (!server) throw new Error(`no server process under npm (${npmPid})`);
  return server;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const answers = (url: string) => fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false);

describe('npm start and signals', () => {
  const data = tempDir('genie-rel-npm-');
  const leftovers: number[] = [];
  afterAll(() => {
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    data.remove();
  });

  it('runs the server as npm’s own child, with no shell between, and stops it when npm gets SIGTERM', async () => {
    const started = await npmStart(data.dir);
    const server = await serverPidOf(started.npm.pid!);
    leftovers.push(server);
    expect(await childrenOf(started.npm.pid!)).toEqual([server]);
    started.npm.kill('SIGTERM');
    await waitFor(() => !isRunning(server), 20_000, 'the server to stop after npm got SIGTERM');
    expect(await answers(started.url)).toBe(false);
    expect(started.output()).toContain('SIGTERM received');
  }, 360_000);

  it('drains and stops when npm itself is killed outright (SIGKILL), releasing the data directory', async () => {
    const started = await npmStart(data.dir);
    const server = await serverPidOf(started.npm.pid!);
    leftovers.push(server);
    started.npm.kill('SIGKILL');
    await waitFor(() => !isRunning(server), 20_000, 'the server to stop after npm was killed');
    expect(await answers(started.url)).toBe(false);
    // The data directory is free: the next start opens it.
    const again = await npmStart(data.dir);
    leftovers.push(await serverPidOf(again.npm.pid!));
    again.npm.kill('SIGTERM');
    await waitFor(() => again.npm.exitCode !== null || again.npm.signalCode !== null, 20_000, 'npm to end');
  }, 360_000);
});
