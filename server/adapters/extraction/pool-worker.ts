import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { childEnv, loaderArgs, packageRootOf, siblingEntry } from '../../lib/child-entry';
import type { ExtractionFailure } from './limits';
import type { FromWorker } from './protocol';

/**
 * One worker process of the extraction pool (pool.ts): started with its heap capped and its CPU
 * priority lowered, ready once it says so, and measured from outside for its resident memory.
 */

const START_TIMEOUT_MS = 60_000;
/** The folder with package.json above this file: the repository here, the same folder once compiled into dist/server. */
const ROOT = packageRootOf(import.meta.url);
const DEFAULT_ENTRY = siblingEntry(import.meta.url, 'worker');

export interface Worker {
  child: ChildProcess;
  ready: Promise<boolean>;
  jobs: number;
  stderrTail: string;
  /** Killed or exited: never handed another job. */
  dead?: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Set just before the pool kills it, so its exit is read as that limit. */
  killedFor?: Extract<ExtractionFailure, { reason: 'timeout' | 'out_of_memory' }>;
  /** The running job's handler of this worker's exit. */
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  onMessage?: (message: FromWorker) => void;
}

/** What a worker is started with: ExtractionPoolOptions' entry, memory cap and problem log. */
export interface WorkerSettings {
  entry?: URL;
  memoryMb: number;
  onWorkerProblem?: (message: string) => void;
}

/** Starts a worker; `onGone` is told once it has exited, before the running job hears of it. */
export function spawnWorker(options: WorkerSettings, onGone: (worker: Worker) => void): Worker {
  const entry = options.entry ?? DEFAULT_ENTRY;
  const entryPath = fileURLToPath(entry);
  const heapMb = Math.max(16, Math.floor(options.memoryMb * 0.75));
  const child = spawn(
    process.execPath,
    [...loaderArgs(entryPath), `--max-old-space-size=${heapMb}`, entryPath],
    // No secrets: the worker reads hostile files and needs nothing of the server's settings.
    { cwd: ROOT, env: childEnv(), stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' },
  );
  const worker: Worker = { child, jobs: 0, stderrTail: '', ready: Promise.resolve(false) };
  try {
    if (child.pid) setPriority(child.pid, 10);
  } catch {
    // Not permitted here: the worker runs at the server's priority.
  }
  child.stderr!.on('data', (chunk: Buffer) => {
    worker.stderrTail = (worker.stderrTail + chunk.toString()).slice(-4096);
  });
  child.on('message', (message: FromWorker) => worker.onMessage?.(message));
  worker.ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
      child.kill('SIGKILL');
    }, START_TIMEOUT_MS);
    const onReady = (message: FromWorker) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onReady);
      resolve(true);
    };
    child.on('message', onReady);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('error', (error) => {
      options.onWorkerProblem?.(`extraction worker could not start: ${error.message}`);
    });
  });
  child.once('exit', (code, signal) => {
    worker.dead = true;
    onGone(worker);
    clearTimeout(worker.idleTimer);
    if (worker.onExit) worker.onExit(code, signal);
  });
  return worker;
}

/** A process's resident memory in MB from /proc, or null where there is no /proc (or it is gone). */
export async function residentMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}
