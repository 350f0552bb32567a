import type { FastifyInstance } from 'fastify';
import { periodicJob } from '../../lib/periodic-job';
import { teamControlsRoutes } from './team-controls.routes';
import type { TeamAuditService } from './team-audit.service';
import type { TeamControlsService } from './team-controls.service';

const DAILY_MS = 24 * 3600 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One retention run now (what the daily job does); tests call it after moving the clock. */
    teamRetentionRun: () => Promise<number>;
  }
}

/** Issue 43's routes, and the daily retention job (started when the app is ready, stopped at close). */
export async function registerTeamControlsModule(app: FastifyInstance, service: TeamControlsService, audit: TeamAuditService) {
  const job = periodicJob(() => service.runRetention(), { intervalMs: DAILY_MS, onError: (error) => app.log.warn({ err: error }, 'conversation retention job failed') });
  app.decorate('teamRetentionRun', () => service.runRetention());
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
  // A budget mail under way finishes before the mailer closes.
  app.addHook('preClose', () => service.budgetMailsIdle());
  await app.register(teamControlsRoutes, { service, audit });
}
