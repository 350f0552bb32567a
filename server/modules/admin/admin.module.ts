import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { UserDataChanges } from '../auth/session-cache';
import { demoRequestsRoutes } from '../demo-requests/demo-requests.routes';
import { createDemoRequestsService } from '../demo-requests/demo-requests.service';
import type { HealthChecks } from '../health/health.routes';
import { registerBillingModule } from '../payments/billing.module';
import type { Mailer } from '../../adapters/mail/mailer';
import type { PublicLinks } from '../../lib/public-links';
import { promotionsRoutes } from '../promotions/promotions.routes';
import { createCleanupService, createPromotionsService } from '../promotions/promotions.service';
import { adminAuthRoutes } from './admin-auth.routes';
import { createAdminAuthService } from './admin-auth.service';
import { adminRoutes } from './admin.routes';
import { adminUsersRoutes } from './admin-users.routes';
import { createAdminUsersService } from './admin-users.service';
import { createAdminStatsService } from './admin-stats.service';
import { decorateAdminAuth } from './require-admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the promotion cleanup once now (what its timer does every minute); returns how many ended. */
    promotionsCleanupTick(): Promise<number>;
  }
}

export interface AdminModuleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  checks: HealthChecks;
  /** Payments and promotion grants change users' plans: the session cache must hear of it. */
  userDataChanges: UserDataChanges;
  announce?: (line: string) => void;
  /** Whether to make sure an admin account exists before the server listens (see AppDeps). */
  ensureFirstAdmin: boolean;
  /** The api-keys module's bulk revocation, for DELETE /api/admin/users/:id/api-keys. */
  revokeApiKeys: (tx: Db, userId: string) => Promise<number>;
  /** Receipts of paid invoices go out by mail when it is set. */
  mailer: Mailer | null;
  links: PublicLinks;
}

/**
 * The business side of Genie, wired in one place: admin accounts and tokens, the dashboard,
 * payments, demo requests and promotions. The first admin is ensured before the server listens,
 * unless the caller turns that off (API tests that need no admin).
 */
export async function registerAdminModule(app: FastifyInstance, deps: AdminModuleDeps) {
  const { db, clock, config, userDataChanges } = deps;
  const adminAuth = createAdminAuthService({ db, clock });
  decorateAdminAuth(app, adminAuth);
  if (deps.ensureFirstAdmin) {
    await adminAuth.ensureFirstAdmin({
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
      print: deps.announce ?? ((line) => console.log(line)),
    });
  }

  const promotions = createPromotionsService({ db, clock, userDataChanges });
  const cleanup = createCleanupService(promotions, { onError: (error) => app.log.warn({ err: error }, 'promotion cleanup failed') });
  app.decorate('promotionsCleanupTick', () => promotions.endExpired());
  app.addHook('onReady', async () => {
    await promotions.endExpired();
    cleanup.start();
  });
  app.addHook('onClose', async () => cleanup.stop());

  await app.register(adminAuthRoutes, { attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE });
  await app.register(adminRoutes, {
    stats: createAdminStatsService({ db, clock, config }),
    checks: deps.checks,
    paymentsConfigured: config.PAYMENTS_WEBHOOK_SECRET !== undefined,
    clock,
  });
  await app.register(adminUsersRoutes, {
    service: createAdminUsersService({
      db,
      clock,
      userDataChanges,
      enterpriseSeats: config.ENTERPRISE_SEATS,
      passwordResets: app.passwordResets,
      passwordsOff: config.OIDC_ONLY,
      revokeApiKeys: deps.revokeApiKeys,
    }),
  });
  await app.register(promotionsRoutes, { service: promotions, cleanup });
  await registerBillingModule(app, { db, clock, config, userDataChanges, mailer: deps.mailer, links: deps.links, activePromotions: () => promotions.active() });
  await app.register(demoRequestsRoutes, { service: createDemoRequestsService({ db, clock }), perHour: config.DEMO_REQUEST_RATE_LIMIT_PER_HOUR });
}
