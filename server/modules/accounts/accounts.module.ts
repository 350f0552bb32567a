import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { UserDataChanges } from '../auth/session-cache';
import { accountsRoutes } from './accounts.routes';
import { createErasureService } from './erasure.service';
import { createExportsService, type ExportsService } from './exports.service';
import { periodicJob } from '../../lib/periodic-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the accounts timer (what it does hourly): sweep expired exports, finish erasures. */
    accountsTick(): Promise<{ expiredExports: number; erasuresFinished: number }>;
    /** The export builder, so tests can wait for a build to finish. */
    userExports: ExportsService;
  }
}

const HOURLY_MS = 3600 * 1000;

export interface AccountsModuleDeps {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  userDataChanges: UserDataChanges;
  secureCookies: boolean;
  /** SESSION_SECRET (erase proofs of single sign-on accounts). */
  secret: string;
}

/**
 * A user's own data: exports and erasure. Soon after the start (lib/periodic-job.ts) it
 * finishes erasures a crash left half done; every hour it removes expired exports and retries any
 * erasure a store outage held up.
 */
export async function registerAccountsModule(app: FastifyInstance, deps: AccountsModuleDeps) {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'account data job failed');
  const exports = createExportsService({ db: deps.db, store: deps.store, clock: deps.clock, onError });
  const erasure = createErasureService({ db: deps.db, store: deps.store, userDataChanges: deps.userDataChanges, onError });

  const tick = async () => ({ expiredExports: await exports.sweepExpired(), erasuresFinished: await erasure.resumePending() });
  app.decorate('accountsTick', tick);
  app.decorate('userExports', exports);
  const job = periodicJob(tick, { intervalMs: HOURLY_MS, onError });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => {
    await job.stop();
    await exports.idle();
  });

  await app.register(accountsRoutes, { exports, erasure, secureCookies: deps.secureCookies, secret: deps.secret, clock: deps.clock });
}
