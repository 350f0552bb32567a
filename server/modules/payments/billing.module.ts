import type { FastifyInstance } from 'fastify';
import { BILLING_CURRENCIES, type BillingCurrency } from '@contract/billing';
import type { ActivePromotion } from '@contract/promotions';
import type { Config } from '../../config';
import { createGreenfieldClient } from '../../adapters/btcpay/greenfield';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { periodicJob } from '../../lib/periodic-job';
import type { PublicLinks } from '../../lib/public-links';
import type { UserDataChanges } from '../auth/session-cache';
import { billingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import { createBtcpayWebhook } from './btcpay-webhook';
import { btcpayWebhookRoutes } from './btcpay-webhook.routes';
import { createInvoiceConfirmation } from './invoice-confirmation';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { createRenewalReminders } from './renewal-reminders';

const HOURLY_MS = 3600 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One renewal-reminder run now (what the hourly job does; 0 without mail); tests call it after moving the clock. */
    renewalRemindersRun: () => Promise<number>;
  }
}

export interface BillingModuleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  userDataChanges: UserDataChanges;
  mailer: Mailer | null;
  links: PublicLinks;
  activePromotions: () => Promise<ActivePromotion[]>;
}

/** The settings of one currency, by name: config.ts declares each PAYMENT_RATE_* and BUSINESS_WALLET_*. */
function perCurrency(config: Config, name: (currency: BillingCurrency) => keyof Config) {
  const out: Partial<Record<BillingCurrency, string>> = {};
  for (const currency of BILLING_CURRENCIES) {
    const value = config[name(currency)];
    if (typeof value === 'string' && value) out[currency] = value;
  }
  return out;
}

/** Payments and invoices (issue 41): the signed webhook, checkout, BTCPay, and the admin's invoices. */
export async function registerBillingModule(app: FastifyInstance, deps: BillingModuleDeps) {
  const { db, clock, config } = deps;
  const confirmation = createInvoiceConfirmation({ db, clock, userDataChanges: deps.userDataChanges, mailer: deps.mailer, links: deps.links, warn: (m) => app.log.warn(m) });
  const btcpaySettings =
    config.BTCPAY_URL && config.BTCPAY_STORE_ID && config.BTCPAY_API_KEY && config.BTCPAY_WEBHOOK_SECRET
      ? { url: config.BTCPAY_URL, storeId: config.BTCPAY_STORE_ID, apiKey: config.BTCPAY_API_KEY, secret: config.BTCPAY_WEBHOOK_SECRET }
      : null;
  const service = createBillingService({
    db,
    clock,
    settings: {
      wallets: perCurrency(config, (c) => `BUSINESS_WALLET_${c}`),
      rates: perCurrency(config, (c) => `PAYMENT_RATE_${c}_USD`),
      invoiceMinutes: config.BILLING_INVOICE_MINUTES,
    },
    btcpay: btcpaySettings && createGreenfieldClient(btcpaySettings),
    activePromotions: deps.activePromotions,
    confirmation,
  });
  await app.register(billingRoutes, { service });
  await app.register(paymentsRoutes, {
    service: createPaymentsService({ db, clock, webhookSecret: config.PAYMENTS_WEBHOOK_SECRET, userDataChanges: deps.userDataChanges, confirmation }),
  });
  registerRenewalReminders(app, deps);
  await app.register(btcpayWebhookRoutes, {
    handle: btcpaySettings && createBtcpayWebhook({ db, secret: btcpaySettings.secret, storeId: btcpaySettings.storeId, confirmation }),
  });
}

/** The hourly renewal reminders (issue 41), only where mail and PUBLIC_URL are set: started when the app is ready, stopped at close. */
function registerRenewalReminders(app: FastifyInstance, deps: BillingModuleDeps) {
  const { mailer, links } = deps;
  if (!mailer || !links.configured) {
    app.decorate('renewalRemindersRun', async () => 0);
    return;
  }
  const reminders = createRenewalReminders({ db: deps.db, clock: deps.clock, mailer, links, warn: (m) => app.log.warn(m) });
  const job = periodicJob(() => reminders.run(), { intervalMs: HOURLY_MS, onError: (error) => app.log.warn({ err: error }, 'renewal reminder job failed') });
  app.decorate('renewalRemindersRun', () => reminders.run());
  app.addHook('onReady', async () => job.start());
  // Before the mailer closes: a reminder under way finishes.
  app.addHook('preClose', () => job.stop());
}
