import { PLAN_PERIOD_DAYS } from '@contract/plans';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { InvoiceRow } from '../../db/schema/commerce';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { mailLanguage } from '../../adapters/mail/mail-texts';
import type { PublicLinks } from '../../lib/public-links';
import type { UserDataChanges } from '../auth/session-cache';
import { teamAccounts } from '../teams/team-accounts';
import { displayAmount } from './invoice-amount';
import { invoicePagePath, statusNow } from './invoice-view';
import { receiptMail } from './payment-mails';
import { invoicesRepository as invoices } from './invoices.repository';
import { paymentsRepository as payments } from './payments.repository';

export interface ConfirmationDeps {
  db: Db;
  clock: Clock;
  userDataChanges: UserDataChanges;
  mailer: Mailer | null;
  links: PublicLinks;
  warn: (message: string) => void;
}

/**
 * Paying an invoice, whoever says it is paid (the admin's "Mark received", the signed webhook,
 * BTCPay's InvoiceSettled). In one transaction: the invoice moves pending → paid in one conditional
 * update, and only the caller that moved it records the payment and extends the team's plan, so
 * however many confirmations arrive, at once or later, the team gets one period.
 */
export function createInvoiceConfirmation(deps: ConfirmationDeps) {
  const { db, clock, userDataChanges } = deps;

  async function payInside(tx: Db, row: InvoiceRow, now: Date) {
    const payment = await payments.insertInvoicePayment(tx, {
      userId: row.createdBy,
      teamId: row.teamId,
      cryptocurrency: row.currency,
      amount: row.amount ?? '0',
      amountUsd: row.amountUsd,
      plan: row.plan,
      invoiceId: row.id,
      now,
    });
    await teamAccounts.extendPremium(tx, row.teamId, now, PLAN_PERIOD_DAYS, row.plan);
    const team = await teamAccounts.planOf(tx, row.teamId);
    await invoices.linkPayment(tx, row.id, payment.id, team?.premiumUntil ?? null);
    return { ...row, paymentId: payment.id, periodEnd: team?.premiumUntil ?? null };
  }

  async function mailReceipt(row: InvoiceRow) {
    if (!deps.mailer || !deps.links.configured) return;
    try {
      const owner = await teamAccounts.ownerContact(db, row.teamId);
      if (!owner) return;
      const plan = row.plan === 'pro' ? 'Pro' : 'Starter';
      await deps.mailer.send(
        receiptMail(mailLanguage(owner.language), {
          to: owner.email,
          username: owner.username,
          plan,
          invoiceId: row.id,
          paidAt: row.paidAt,
          amountUsd: row.amountUsd,
          amount: displayAmount(row.amount, row.currency) ?? '',
          currency: row.currency,
          periodEnd: row.periodEnd,
          link: deps.links.mailLink(`${invoicePagePath(row.id)}?receipt=1`),
        }),
      );
    } catch (error) {
      deps.warn(`A receipt email could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    /**
     * A refund (or a failure after payment) of a paid invoice: in one transaction the invoice moves
     * paid → refunded (or invalid) in one conditional update, and only the caller that moved it
     * marks the payment and takes the period back from the team it credited, so the period goes
     * once. Answers the payment for the event log, or null when there was nothing to take back
     * (never paid, or taken back already). Another team's or an unknown invoice is 404.
     */
    async takeBack(invoiceId: string, status: 'refunded' | 'failed'): Promise<{ paymentId: string | null }> {
      const now = clock.now();
      const taken = await db.transaction(async (tx) => {
        const row = await invoices.takeBack(tx, invoiceId, status === 'refunded' ? 'refunded' : 'invalid');
        if (!row?.paymentId) return undefined;
        await payments.updateStatus(tx, row.paymentId, status, now);
        const revoked = await payments.claimRevoke(tx, row.paymentId, now);
        if (revoked?.teamId) await teamAccounts.shortenPremium(tx, revoked.teamId, PLAN_PERIOD_DAYS);
        return row.paymentId;
      });
      if (taken) {
        userDataChanges.changed();
        return { paymentId: taken };
      }
      const current = await invoices.find(db, invoiceId);
      if (!current) throw notFound('That invoice');
      return { paymentId: current.paymentId };
    },

    /**
     * Pays the invoice; answers whether this call was the one that paid it. An invoice already paid
     * answers false (changing nothing); one that expired (or BTCPay called invalid) is refused with
     * 409, unless `lateAllowed` (BTCPay settles a payment it saw before the end).
     */
    async confirm(invoiceId: string, by: string, options: { lateAllowed: boolean }): Promise<{ invoice: InvoiceRow; paidNow: boolean }> {
      const now = clock.now();
      const paid = await db.transaction(async (tx) => {
        const claimed = await invoices.claimPaid(tx, invoiceId, now, by, options.lateAllowed);
        return claimed ? payInside(tx, claimed, now) : undefined;
      });
      if (paid) {
        // After the commit: every member's next request reads the new plan.
        userDataChanges.changed();
        void mailReceipt(paid);
        return { invoice: paid, paidNow: true };
      }
      const current = await invoices.find(db, invoiceId);
      if (!current) throw notFound('That invoice');
      if (current.status === 'paid') return { invoice: current, paidNow: false };
      const status = statusNow(current, now);
      const refusals: Partial<Record<typeof status, string>> = {
        invalid: 'This invoice was marked invalid by the payment processor and cannot be paid. Create a new invoice.',
        refunded: 'This invoice was refunded and cannot be paid again. Create a new invoice.',
      };
      throw new AppError('conflict', refusals[status] ?? 'This invoice expired before it was paid and cannot be paid now. Create a new invoice.');
    },
  };
}

export type InvoiceConfirmation = ReturnType<typeof createInvoiceConfirmation>;
