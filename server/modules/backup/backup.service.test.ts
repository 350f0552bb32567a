import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createBackupService } from './backup.service';
import { backupStatus } from './backup-status';

/** A stand-in for the embedded database: only `dump` is read by a backup. */
const fakeDatabase = (dump: () => Promise<Uint8Array>): Database =>
  ({ kind: 'pglite', db: null as never, ping: async () => true, close: async () => undefined, dump }) as Database; // db is never touched here

const quiet = { warn: () => undefined, info: () => undefined };

describe('scheduled backups', () => {
  let dir: string;
  let dataDir: string;
  let backupDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'genie-backup-unit-'));
    dataDir = join(dir, 'data');
    backupDir = join(dir, 'backups');
    mkdirSync(join(dataDir, 'objects', 'user-1'), { recursive: true });
    writeFileSync(join(dataDir, 'objects', 'user-1', 'file-1'), 'the bytes');
    writeFileSync(join(dataDir, 'session-secret'), 'generated-secret');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes an archive when due, none while the newest is fresh, keeps BACKUP_KEEP, and the System tab names the newest', async () => {
    const service = createBackupService(
      { database: fakeDatabase(async () => new TextEncoder().encode('database dump')), dataDir, holdingDeletes: null },
      { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 },
      quiet,
    );
    expect(await backupStatus(service, 24, new Date())).toEqual({ status: 'warning', lastAt: null, detail: 'BACKUP_DIR is set, but no backup has been made yet.' });

    await service.tick();
    const first = readdirSync(backupDir);
    expect(first).toHaveLength(1);
    const listing = execFileSync('tar', ['-tzf', join(backupDir, first[0]!)], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
    expect(listing).toEqual(['./', './genie-backup.json', './objects/', './objects/user-1/', './objects/user-1/file-1', './pglite.tar.gz', './session-secret']);
    expect(execFileSync('tar', ['-xzOf', join(backupDir, first[0]!), './pglite.tar.gz'], { encoding: 'utf8' })).toBe('database dump');

    await service.tick(); // the newest is minutes old: not due
    expect(readdirSync(backupDir)).toEqual(first);

    // Two more turns, each a day after the last backup: three made, the two newest kept.
    for (let turn = 0; turn < 2; turn++) {
      const day = (Date.now() - 25 * 3_600_000) / 1000;
      for (const name of readdirSync(backupDir)) utimesSync(join(backupDir, name), day, day);
      await service.tick();
    }
    const kept = readdirSync(backupDir).sort();
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(first[0]);
    const status = await backupStatus(service, 24, new Date());
    expect(status.status).toBe('online');
    expect(status.detail).toContain(join(backupDir, kept[1]!));
    await service.stop();
  });

  it('shows a failed backup as a warning with its reason, and no partial archive is left', async () => {
    const service = createBackupService(
      { database: fakeDatabase(async () => Promise.reject(new Error('the disk is full'))), dataDir, holdingDeletes: null },
      { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 },
      quiet,
    );
    await expect(service.tick()).rejects.toThrow('the disk is full');
    expect(readdirSync(backupDir)).toEqual([]);
    const status = await backupStatus(service, 24, new Date());
    expect(status.status).toBe('warning');
    expect(status.detail).toMatch(/^The last backup failed \(.+\): the disk is full$/);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
  });

  it('says how to set backups up when none is configured or made', async () => {
    const service = createBackupService({ database: fakeDatabase(async () => new Uint8Array()), dataDir, holdingDeletes: null }, { BACKUP_DIR: undefined, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 7 }, quiet);
    expect(await backupStatus(service, 24, new Date())).toEqual({
      status: 'not_configured',
      lastAt: null,
      detail: 'No backup yet. Run npm run backup -- <file>, or set BACKUP_DIR for scheduled backups.',
    });
  });
});
