import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../adapters/storage/object-store';
import { LocalDiskStore } from '../adapters/storage/local-disk-store';
import { createBackupService } from '../modules/backup/backup.service';
import type { AppDeps } from './app-deps';

/**
 * Backups of the embedded database and the local objects (issue 47): `npm run backup` asks the
 * running server (main.ts opens its socket), BACKUP_DIR's schedule runs here.
 */
export function startBackups(app: FastifyInstance, { config, database }: AppDeps, objectStore: ObjectStore) {
  const backups = createBackupService(
    { database, dataDir: config.DATA_DIR, holdingDeletes: objectStore instanceof LocalDiskStore ? (work) => objectStore.holdingDeletes(work) : null },
    config,
    { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) },
  );
  app.decorate('backups', backups);
  if (database.kind === 'pglite') backups.startSchedule();
  app.addHook('onClose', () => backups.stop());
  return backups;
}
