import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

describe('data directory lock', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'genie-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes our PID and removes the lock on release', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'genie.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'genie.lock'))).toBe(false);
  });

  it('refuses a directory held by another live process, naming its PID', async () => {
    const dir = freshDir();
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'genie.lock'), String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
      expect(() => acquireDataDirLock(dir)).toThrow(`is in use by PID ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    const dir = freshDir();
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(join(dir, 'genie.lock'), String(dead.pid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'genie.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
