import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LocalModelStatus } from '../../adapters/llm/local/local-runtime';
import { healthResponseSchema, type HealthResponse } from '@contract/health';
import type { SystemResponse } from '@contract/admin';
import { diskStatus, type DiskSpace } from '../../lib/disk-space';

export interface HealthChecks {
  database(): Promise<boolean>;
  storage(): Promise<boolean>;
  /** 'ok' when a provider is configured, 'offline' when only the offline engine answers. */
  models(): Promise<'ok' | 'offline' | 'down'>;
  /** Models Genie runs itself (server/adapters/llm/local); empty when no persona uses one. */
  localModels(): LocalModelStatus[];
  /** The disk holding DATA_DIR; null when it cannot be measured. */
  disk?(): Promise<DiskSpace | null>;
  /** Backups (the embedded database only): what the admin System tab shows. */
  backup?(): Promise<NonNullable<SystemResponse['backup']>>;
}

export const healthRoutes: FastifyPluginAsyncZod<{ checks: HealthChecks }> = async (app, { checks }) => {
  app.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    const [database, storage, models, disk] = await Promise.all([checks.database(), checks.storage(), checks.models(), checks.disk?.() ?? null]);
    const space = disk ? diskStatus(disk) : 'ok';
    const storageStatus = !storage ? 'down' : space;
    const body: HealthResponse = {
      status: !database ? 'down' : storageStatus === 'ok' && models !== 'down' ? 'ok' : 'degraded',
      checks: { database: database ? 'ok' : 'down', storage: storageStatus, models },
    };
    if (disk) body.disk = { freeBytes: disk.freeBytes, totalBytes: disk.totalBytes, status: space };
    const local = checks.localModels();
    if (local.length > 0) {
      // Why a load failed stays on the admin System tab: this route answers anyone.
      body.localModels = local.map(({ error: _error, ...model }) => model);
      body.memoryRssBytes = process.memoryUsage.rss();
    }
    return reply.status(database ? 200 : 503).send(body);
  });
};
