import type { SystemResponse } from '@contract/admin';
import type { BackupService } from './backup.service';

type BackupStatus = NonNullable<SystemResponse['backup']>;

/**
 * The System tab's backup line: when the newest backup was made, a warning when the last attempt
 * failed or the schedule has missed two turns, and how to set one up when nothing is configured.
 */
export async function backupStatus(backups: BackupService, everyHours: number, now: Date): Promise<BackupStatus> {
  const { lastBackup, failure, scheduled } = await backups.last();
  if (failure) return { status: 'warning', lastAt: lastBackup?.at ?? null, detail: `The last backup failed (${failure.at}): ${failure.message}` };
  if (!lastBackup) {
    return scheduled
      ? { status: 'warning', lastAt: null, detail: 'BACKUP_DIR is set, but no backup has been made yet.' }
      : { status: 'not_configured', lastAt: null, detail: 'No backup yet. Run npm run backup -- <file>, or set BACKUP_DIR for scheduled backups.' };
  }
  const overdue = scheduled && now.getTime() - Date.parse(lastBackup.at) > 2 * everyHours * 3_600_000;
  return {
    status: overdue ? 'warning' : 'online',
    lastAt: lastBackup.at,
    detail: `${overdue ? 'Overdue: the' : 'The'} newest backup is ${lastBackup.file} (${lastBackup.bytes.toLocaleString('en-US')} bytes).`,
  };
}
