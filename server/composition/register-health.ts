import type { FastifyInstance } from 'fastify';
import { localModelsStatus } from '../adapters/llm/local/local-models';
import { readDiskSpace } from '../lib/disk-space';
import type { BackupService } from '../modules/backup/backup.service';
import { backupStatus } from '../modules/backup/backup-status';
import { healthRoutes, type HealthChecks } from '../modules/health/health.routes';
import type { AppDeps } from './app-deps';
import type { ChatServices } from './chat-services';
import type { SharedServices } from './shared-services';

/** GET /api/health and the checks the admin's System tab shows too. */
export async function registerHealth(app: FastifyInstance, deps: AppDeps, shared: SharedServices, chat: ChatServices, backups: BackupService) {
  const { config, database } = deps;
  const healthChecks: HealthChecks = {
    database: () => database.ping(),
    storage: () => shared.objectStore.ping(),
    models: async () => chat.chatService.modelsStatus(),
    localModels: () => localModelsStatus(config),
    disk: () => (deps.diskSpace ?? readDiskSpace)(config.DATA_DIR).catch(() => null),
    ...(database.kind === 'pglite' ? { backup: () => backupStatus(backups, config.BACKUP_EVERY_HOURS, shared.clock.now()) } : {}),
  };
  await app.register(healthRoutes, { checks: healthChecks });
  return healthChecks;
}
