import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '@contract/health';

export interface HealthChecks {
  database(): Promise<boolean>;
  storage(): Promise<boolean>;
  /** 'ok' when a provider is configured, 'offline' when only the offline engine answers. */
  models(): Promise<'ok' | 'offline' | 'down'>;
}

export const healthRoutes: FastifyPluginAsyncZod<{ checks: HealthChecks }> = async (app, { checks }) => {
  app.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    const [database, storage, models] = await Promise.all([checks.database(), checks.storage(), checks.models()]);
    const body: HealthResponse = {
      status: !database ? 'down' : storage && models !== 'down' ? 'ok' : 'degraded',
      checks: { database: database ? 'ok' : 'down', storage: storage ? 'ok' : 'down', models },
    };
    return reply.status(database ? 200 : 503).send(body);
  });
};
