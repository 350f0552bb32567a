import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Environment every reliability server gets: API only, quiet, no auth rate limit in the way. */
export const BASE_ENV: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  CLIENT_DIR: '/nonexistent-genie-client',
  SESSION_SECRET: 'reliability-secret-that-is-long-enough-to-pass',
  // The embedded database unless a test asks for PostgreSQL, whatever the calling shell has set.
  DATABASE_URL: '',
};

export interface GenieProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr together). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the base URL once it prints its address; rejects if it exits first. */
  ready: Promise<string>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * The Node flags `npm start` runs the server with, read from package.json's start script
 * (`exec node <flags> scripts/start.mjs`) so that a bench measures the process users run.
 */
export function startNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = /^exec node((?: --\S+)*) scripts\/start\.mjs$/.exec(scripts.start);
  if (!flags) throw new Error(`package.json's start script is not "exec node [flags] scripts/start.mjs": ${scripts.start}`);
  return flags[1]!.split(' ').filter(Boolean);
}

/**
 * Spawns the server without waiting: `node --import tsx server/main.ts` (the source), or with
 * `compiled` the JavaScript that `npm start` runs (dist/server/main.js, with npm start's Node
 * flags unless `nodeFlags` says others; build it first with scripts/build-server.mjs, as
 * bench/lib/processes.ts does). `wrapper` starts it under another command. `cwd` runs the source
 * of another checkout (an older release, for the upgrade test).
 */
export function spawnGenie(
  env: Record<string, string>,
  timeoutMs = 90_000,
  options: { compiled?: boolean; nodeFlags?: string[]; wrapper?: string[]; cwd?: string } = {},
): GenieProcess {
  const args = options.compiled ? [...(options.nodeFlags ?? startNodeFlags()), 'dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  // `wrapper` runs Node under another command (`unshare --pid --fork`: a server in a container of its own).
  const [command, ...commandArgs] = [...(options.wrapper ?? []), process.execPath, ...args];
  const child = spawn(command!, commandArgs, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Genie did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Genie is running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`Genie exited (${code ?? signal}) before starting:\n${output}`));
    });
  });
  ready.catch(() => undefined); // Callers that only await `exited` must not see an unhandled rejection.
  return {
    child,
    output: () => output,
    exited,
    ready,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Starts a server and waits for its address. */
export async function startGenieProcess(env: Record<string, string>) {
  const genie = spawnGenie(env);
  const url = await genie.ready;
  return { ...genie, url };
}

/** SIGKILLs (or signals) a server and waits for it to be gone. */
export async function stopGenie(genie: GenieProcess, signal: NodeJS.Signals = 'SIGTERM') {
  genie.kill(signal);
  return genie.exited;
}

export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
