import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * PGlite has no lock of its own and two processes on one data directory corrupt it, so the first
 * process locks DATA_DIR/genie.lock and any second one fails at once.
 *
 * The lock is the kernel's (an exclusive `flock` on the file), held for as long as this process
 * keeps the file open: the kernel drops it when the process ends, however it ends, and it holds
 * across PID namespaces, so a second container on the same volume is refused too (a PID file
 * alone was blind there: both served, and the database corrupted). The PID and host written in
 * the file only name the holder in the refusal; a file left behind, whatever PID it names (one
 * reused after a reboot), never blocks a start.
 *
 * Node has no flock of its own. util-linux's `flock` locks a descriptor it inherits from us: the
 * lock belongs to the open file, which this process keeps, so it outlives that short-lived child.
 * Where there is no `flock` (macOS, Windows), the PID check below is the fallback.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'genie.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = openSync(path, 'a+', 0o600);
    const locked = kernelLock(fd);
    if (locked === 'held elsewhere') {
      closeSync(fd);
      throw inUse(dataDir, readHolder(path));
    }
    if (locked === 'unavailable') {
      closeSync(fd);
      return pidFileLock(dataDir, path);
    }
    // Another process may have removed the file between our open and our lock (its release):
    // then we hold a lock on a file nobody else can find. Lock the file at the path, or retry.
    if (!sameFile(fd, path)) {
      closeSync(fd);
      continue;
    }
    ftruncateSync(fd, 0);
    writeSync(fd, holderText());
    return () => {
      try {
        if (sameFile(fd, path)) unlinkSync(path); // before closing: no one can lock it in between
      } catch {
        // Already gone: nothing to remove.
      }
      closeSync(fd);
    };
  }
  throw new DataDirInUseError(`Could not lock the data directory ${resolve(dataDir)}.`);
}

/** What the lock file says of its holder: our PID, and the host when it is not one process's view. */
const holderText = () => `${process.pid}\n${hostname()}\n`;

function readHolder(path: string): { pid: number; host: string } {
  try {
    const [pid = '', host = ''] = readFileSync(path, 'utf8').split('\n');
    return { pid: Number(pid.trim()), host: host.trim() };
  } catch {
    return { pid: Number.NaN, host: '' };
  }
}

function inUse(dataDir: string, holder: { pid: number; host: string }) {
  const who = Number.isInteger(holder.pid) && holder.pid > 0 ? `PID ${holder.pid}${holder.host && holder.host !== hostname() ? ` on ${holder.host}` : ''}` : 'another process';
  return new DataDirInUseError(`The data directory ${resolve(dataDir)} is in use by ${who}. Stop that process first, or point DATA_DIR at another directory.`);
}

function sameFile(fd: number, path: string): boolean {
  try {
    const open = fstatSync(fd);
    const named = statSync(path);
    return open.ino === named.ino && open.dev === named.dev;
  } catch {
    return false;
  }
}

/** An exclusive, non-blocking flock on `fd` by util-linux's flock, which locks the descriptor it inherits as its fd 3. */
function kernelLock(fd: number): 'locked' | 'held elsewhere' | 'unavailable' {
  const result = spawnSync('flock', ['--exclusive', '--nonblock', '3'], { stdio: ['ignore', 'ignore', 'ignore', fd], timeout: 5_000 });
  if (result.error) return 'unavailable'; // no flock on this system
  if (result.status === 0) return 'locked';
  if (result.status === 1) return 'held elsewhere';
  return 'unavailable';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Without `flock`: the first process writes its PID, and any second one fails while that PID
 * runs. A lock left by a process that no longer runs is taken over.
 */
function pidFileLock(dataDir: string, path: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, holderText());
      closeSync(fd);
      return () => {
        try {
          if (readHolder(path).pid === process.pid) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (Number.isInteger(holder.pid) && holder.pid > 0 && holder.pid !== process.pid && isAlive(holder.pid)) throw inUse(dataDir, holder);
      try {
        unlinkSync(path); // A stale lock from a process that died.
      } catch {
        // Another starter removed it first; the next attempt decides.
      }
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${resolve(dataDir)}.`);
}
