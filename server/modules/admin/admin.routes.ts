import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalyticsSchema, adminDashboardSchema, systemResponseSchema } from '@contract/admin';
import { errorBodySchema } from '@contract/errors';
import type { Clock } from '../../lib/clock';
import type { HealthChecks } from '../health/health.routes';
import type { AdminStatsService } from './admin-stats.service';
import { adminOnly } from './require-admin';
import { systemChecks } from './system-checks';

export interface AdminRoutesOptions {
  stats: AdminStatsService;
  checks: HealthChecks;
  paymentsConfigured: boolean;
  clock: Clock;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const refused = { 401: errorBodySchema };
  app.get('/api/admin/dashboard', { onRequest: adminOnly, schema: { response: { 200: adminDashboardSchema, ...refused } } }, () =>
    options.stats.dashboard(),
  );
  app.get('/api/admin/analytics', { onRequest: adminOnly, schema: { response: { 200: adminAnalyticsSchema, ...refused } } }, () =>
    options.stats.analytics(),
  );
  app.get('/api/admin/system', { onRequest: adminOnly, schema: { response: { 200: systemResponseSchema, ...refused } } }, () =>
    systemChecks(options.checks, options.paymentsConfigured, options.clock.now()),
  );
};
