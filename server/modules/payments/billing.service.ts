import { ADMIN_INVOICES_LIMIT, BILLING_CURRENCIES, type AdminInvoicesResponse, type BillingCurrency, type BillingOptions, type CheckoutBody, type CheckoutResponse, type Invoice, type InvoiceStatus, type TeamInvoices } from '@contract/billing';
import { PLANS } from '@contract/plan-catalogue';
import { discountedPrice } from '@contract/promotion-pricing';
import type { ActivePromotion } from '@contract/promotions';
import type { GreenfieldClient } from '../../adapters/btcpay/greenfield';
import type { Db } from '../../db/database';
import type { InvoiceRow } from '../../db/schema/commerce';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { recordAuditEntry } from '../admin/audit-log';
import { teamAccounts } from '../teams/team-accounts';
import { livePlan, seatsOf, tooManyMembersError } from '../teams/team-seats';
import { invoiceAmount, rateOf } from './invoice-amount';
import type { InvoiceConfirmation } from './invoice-confirmation';
import { adminInvoiceView, invoicePagePath, invoiceView } from './invoice-view';
import { invoicesRepository as repo } from './invoices.repository';

export interface BillingSettings {
  /** BUSINESS_WALLET_<CUR> that are set. */
  wallets: Partial<Record<BillingCurrency, string>>;
  /** PAYMENT_RATE_<CUR>_USD that are set. */
  rates: Partial<Record<BillingCurrency, string>>;
  invoiceMinutes: number;
}

/** Unique-amount offsets tried per checkout (in the currency's smallest written unit). */
const OFFSET_RANGE = 999;
const OFFSET_TRIES = 8;
const TEAM_INVOICES_LIMIT = 50;

const notBuyer = () =>
  new AppError('forbidden', "Only your team's owner or an admin can buy a plan or see its invoices. Ask your team's owner to upgrade.");

export function createBillingService(deps: {
  db: Db;
  clock: Clock;
  settings: BillingSettings;
  /** Set when BTCPay Server takes the payments. */
  btcpay: GreenfieldClient | null;
  activePromotions: () => Promise<ActivePromotion[]>;
  confirmation: InvoiceConfirmation;
}) {
  const { db, clock, settings, btcpay } = deps;
  const directCurrencies = BILLING_CURRENCIES.filter((c) => settings.wallets[c] && rateOf(c, settings.rates[c]));

  /** The caller's team when they may buy for it (owner or admin). */
  async function buyerTeam(userId: string): Promise<string> {
    const membership = await teamAccounts.membershipOf(db, userId);
    if (!membership) throw notBuyer();
    if (membership.role !== 'owner' && membership.role !== 'admin') throw notBuyer();
    return membership.teamId;
  }

  /** Another team's invoice is not found; a plain member of the right team is refused. */
  async function ownInvoice(userId: string, invoiceId: string): Promise<InvoiceRow> {
    const [membership, row] = await Promise.all([teamAccounts.membershipOf(db, userId), repo.find(db, invoiceId)]);
    if (!row || !membership || row.teamId !== membership.teamId) throw notFound('That invoice');
    if (membership.role !== 'owner' && membership.role !== 'admin') throw notBuyer();
    return row;
  }

  /** A plan with fewer seats than the team has members is refused until the owner has removed some (issue 41). */
  async function ensureMembersFit(teamId: string, plan: CheckoutBody['plan']) {
    const limit = seatsOf(plan, undefined);
    const members = await teamAccounts.memberCount(db, teamId);
    if (limit !== null && members > limit) throw tooManyMembersError(plan, members, limit);
  }

  async function prices(plan: CheckoutBody['plan']) {
    const list = PLANS.find((p) => p.id === plan)!.monthlyPriceUSD!;
    const charged = discountedPrice(list, plan, await deps.activePromotions());
    return { list: list.toFixed(2), charged: charged.toFixed(2) };
  }

  async function directInvoice(teamId: string, userId: string, body: CheckoutBody, price: { list: string; charged: string }) {
    const address = settings.wallets[body.currency];
    const rate = rateOf(body.currency, settings.rates[body.currency]);
    if (!address) throw new AppError('invalid_input', `currency: ${body.currency} is not accepted here; choose one of ${directCurrencies.join(', ')}.`, 'currency');
    if (!rate) throw new AppError('invalid_input', `currency: ${body.currency} has no exchange rate set (PAYMENT_RATE_${body.currency}_USD); choose one of ${directCurrencies.join(', ')}.`, 'currency');
    const now = clock.now();
    await repo.expireLapsed(db, body.currency, now);
    for (let attempt = 0; attempt < OFFSET_TRIES; attempt++) {
      const offset = 1 + Math.floor(Math.random() * OFFSET_RANGE);
      try {
        return await repo.insert(db, {
          teamId,
          createdBy: userId,
          plan: body.plan,
          amountUsd: price.charged,
          listPriceUsd: price.list,
          currency: body.currency,
          amount: invoiceAmount(price.charged, rate, body.currency, offset),
          address,
          mode: 'direct',
          processorInvoiceId: null,
          checkoutUrl: null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + settings.invoiceMinutes * 60_000),
        });
      } catch (error) {
        // Another pending invoice has this amount: try another offset.
        if (uniqueViolation(error) === undefined) throw error;
      }
    }
    throw new AppError('unavailable', 'Too many invoices are waiting to be paid in this currency right now. Try again in a few minutes or choose another currency.');
  }

  async function btcpayInvoice(client: GreenfieldClient, teamId: string, userId: string, body: CheckoutBody, price: { list: string; charged: string }) {
    const now = clock.now();
    const id = crypto.randomUUID();
    const created = await client.createInvoice({ amountUSD: price.charged, currency: body.currency, orderId: id, expirationMinutes: settings.invoiceMinutes });
    return repo.insert(db, {
      id,
      teamId,
      createdBy: userId,
      plan: body.plan,
      amountUsd: price.charged,
      listPriceUsd: price.list,
      currency: body.currency,
      amount: created.amount,
      address: created.address,
      mode: 'btcpay',
      processorInvoiceId: created.id,
      checkoutUrl: created.checkoutLink,
      createdAt: now,
      expiresAt: created.expiresAt,
    });
  }

  return {
    options(): BillingOptions {
      if (btcpay) return { mode: 'btcpay', currencies: [...BILLING_CURRENCIES] };
      return { mode: directCurrencies.length > 0 ? 'direct' : null, currencies: directCurrencies };
    },

    async checkout(userId: string, body: CheckoutBody): Promise<CheckoutResponse> {
      const teamId = await buyerTeam(userId);
      if (!btcpay && directCurrencies.length === 0) {
        throw new AppError('unavailable', 'This Genie does not take payments yet: its operator has set no wallet address or payment processor. Contact the operator to upgrade.');
      }
      await ensureMembersFit(teamId, body.plan);
      const price = await prices(body.plan);
      const row = btcpay ? await btcpayInvoice(btcpay, teamId, userId, body, price) : await directInvoice(teamId, userId, body, price);
      const view = invoiceView(row, clock.now());
      return {
        invoiceId: view.invoiceId,
        plan: view.plan,
        amountUSD: view.amountUSD,
        currency: view.currency,
        amount: view.amount,
        address: view.address,
        expiresAt: view.expiresAt,
        status: 'pending',
        checkoutUrl: row.checkoutUrl ?? invoicePagePath(row.id),
      };
    },

    async invoice(userId: string, invoiceId: string): Promise<Invoice> {
      return invoiceView(await ownInvoice(userId, invoiceId), clock.now());
    },

    async teamInvoices(userId: string): Promise<TeamInvoices> {
      const teamId = await buyerTeam(userId);
      const now = clock.now();
      const [team, rows] = await Promise.all([teamAccounts.planOf(db, teamId), repo.ofTeam(db, teamId, TEAM_INVOICES_LIMIT)]);
      const plan = team ? livePlan(team, now) : null;
      return { plan, planEndsAt: plan ? team!.premiumUntil!.toISOString() : null, invoices: rows.map((row) => invoiceView(row, now)) };
    },

    async adminInvoices(status: InvoiceStatus | 'all'): Promise<AdminInvoicesResponse> {
      const now = clock.now();
      const [rows, sums] = await Promise.all([repo.forAdmin(db, status, now, ADMIN_INVOICES_LIMIT), repo.totals(db, now)]);
      const total = (s: InvoiceStatus) => ({ count: sums[s].count, amountUSD: Number(sums[s].amountUsd).toFixed(2) });
      return {
        invoices: rows.map((r) => adminInvoiceView(r.invoice, r.teamName, now)),
        totals: { pending: total('pending'), paid: total('paid'), expired: total('expired'), invalid: total('invalid'), refunded: total('refunded') },
      };
    },

    /** "Mark received": the admin confirms a transfer they saw; audited, idempotent. */
    async adminConfirm(adminUsername: string, invoiceId: string) {
      const { invoice, paidNow } = await deps.confirmation.confirm(invoiceId, adminUsername, { lateAllowed: false });
      if (paidNow) {
        const owner = await teamAccounts.ownerContact(db, invoice.teamId);
        await recordAuditEntry(db, {
          actor: adminUsername,
          action: 'confirm_invoice',
          targetUserId: owner?.userId ?? invoice.createdBy ?? invoice.teamId,
          targetLabel: owner?.username ?? invoice.teamId,
          details: { invoiceId: invoice.id, plan: invoice.plan, amountUSD: invoice.amountUsd, currency: invoice.currency },
          at: clock.now(),
        });
      }
      const team = await teamAccounts.planOf(db, invoice.teamId);
      return adminInvoiceView((await repo.find(db, invoiceId))!, team?.name ?? '', clock.now());
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
