import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

/** A process outside this one that holds the kernel's lock on `path` (as a second container would), once it holds it. */
async function foreignHolder(path: string): Promise<ChildProcess> {
  const holder = spawn('flock', ['--exclusive', '--no-fork', path, 'sh', '-c', 'echo locked; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
  return holder;
}

describe('data directory lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'genie-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    children.splice(0).forEach((child) => child.kill('SIGKILL'));
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('writes our PID and removes the lock on release', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'genie.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'genie.lock'))).toBe(false);
  });

  it('refuses a second lock while the first is held, and gives it once released', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    // The same process opening the file again is a second holder to the kernel, as a second server would be.
    expect(() => acquireDataDirLock(dir)).toThrow(`is in use by PID ${process.pid}`);
    release();
    acquireDataDirLock(dir)();
  });

  it('refuses a directory locked by a process whose PID means nothing here (another container), naming the PID it wrote', async () => {
    const dir = freshDir();
    const path = join(dir, 'genie.lock');
    writeFileSync(path, '999999\nother-container\n');
    children.push(await foreignHolder(path));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow('is in use by PID 999999 on other-container');
  });

  it('starts over a lock file naming a live process that holds no lock (a PID reused after a reboot)', () => {
    const dir = freshDir();
    const unrelated = spawn('sleep', ['30']);
    children.push(unrelated);
    writeFileSync(join(dir, 'genie.lock'), String(unrelated.pid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'genie.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over the lock of a holder killed with SIGKILL, whose file stays behind', async () => {
    const dir = freshDir();
    const path = join(dir, 'genie.lock');
    writeFileSync(path, '424242\n');
    const holder = await foreignHolder(path);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('exit', resolve));
    expect(existsSync(path)).toBe(true);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });
});
