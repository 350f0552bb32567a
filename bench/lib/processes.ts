import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export { buildClient } from '../../tests/support/client-build';

/** Spawns `node --import tsx <file>` and resolves with the first stdout match of `ready`. */
export function spawnTsx(file: string, args: string[], ready: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const matched = new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${file} exited ${code}:\n${output}`)));
  });
  return { child, matched, output: () => output };
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export async function rssOf(child: ChildProcess): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Cumulative CPU time (user + system) of a process in milliseconds, from /proc. */
export async function cpuMsOf(child: ChildProcess): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux.
}

export function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Builds dist/server when it is missing or stale, as `npm start` does, so benches run what users run. */
export async function ensureCompiledServer() {
  const builder = (await import(join(ROOT, 'scripts/build-server.mjs'))) as { serverIsStale(): boolean; buildServer(): Promise<void> };
  if (builder.serverIsStale()) await builder.buildServer();
}
