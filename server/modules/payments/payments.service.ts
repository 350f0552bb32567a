import { createHmac } from 'node:crypto';
import { invoicePaymentEventSchema, paymentWebhookBodySchema, type PaymentWebhookBody } from '@contract/admin';
import { PLAN_PERIOD_DAYS } from '@contract/plans';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { safeEqual } from '../../lib/tokens';
import type { UserDataChanges } from '../auth/session-cache';
import { teamAccounts } from '../teams/team-accounts';
import type { InvoiceConfirmation } from './invoice-confirmation';
import { paymentsRepository as repo } from './payments.repository';

/** The hex HMAC-SHA256 of the raw body: what a processor puts in X-Genie-Signature. */
export const signPayload = (secret: string, rawBody: Buffer | string) => createHmac('sha256', secret).update(rawBody).digest('hex');

/** Statuses after which the money is not the business's: a period the payment granted is taken back. */
const TAKES_BACK = new Set<string>(['refunded', 'failed']);

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  webhookSecret: string | undefined;
  userDataChanges: UserDataChanges;
  /** Pays invoices named by `invoiceId` (issue 41). */
  confirmation: InvoiceConfirmation;
}) {
  const { db, clock, webhookSecret, userDataChanges } = deps;

  /** The member a payment is recorded against and the team it credits; 400 for a stranger. */
  async function payerOf(event: PaymentWebhookBody): Promise<{ userId: string; teamId: string }> {
    if (event.userId !== undefined) {
      const teamId = await teamAccounts.teamIdOf(db, event.userId);
      if (!teamId) throw new AppError('invalid_input', 'userId: no such user.', 'userId');
      if (event.teamId !== undefined && event.teamId !== teamId) {
        throw new AppError('invalid_input', 'teamId: the user named by userId is not a member of this team.', 'teamId');
      }
      return { userId: event.userId, teamId };
    }
    const owner = await teamAccounts.ownerOf(db, event.teamId!);
    if (!owner) throw new AppError('invalid_input', 'teamId: no such team.', 'teamId');
    return { userId: owner, teamId: event.teamId! };
  }

  /**
   * An event naming an invoice: the plan, price and team come from the invoice, never from the body
   * (its other fields are ignored). A confirmation pays it once; a refund or failure of a paid one
   * takes its period back once; pending changes nothing.
   */
  async function applyInvoiceEvent(json: object): Promise<{ received: true; duplicate: boolean }> {
    const parsed = invoicePaymentEventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      throw new AppError('invalid_input', `${field || 'body'}: ${issue.message}`, field || undefined);
    }
    const event = parsed.data;
    if (await repo.eventSeen(db, event.eventId)) return { received: true, duplicate: true };
    let paymentId: string | null;
    if (event.status === 'confirmed') {
      paymentId = (await deps.confirmation.confirm(event.invoiceId, 'webhook', { lateAllowed: false })).invoice.paymentId;
    } else if (event.status === 'refunded' || event.status === 'failed') {
      paymentId = (await deps.confirmation.takeBack(event.invoiceId, event.status)).paymentId;
    } else {
      return { received: true, duplicate: false };
    }
    try {
      if (paymentId) await repo.insertEvent(db, event.eventId, paymentId, clock.now());
    } catch (error) {
      if (uniqueViolation(error) === undefined) throw error;
    }
    return { received: true, duplicate: false };
  }

  return {
    /**
     * Applies one signed payment event. The signature is checked before anything is parsed; an
     * eventId seen before changes nothing; a later event for the same txHash updates its status.
     * The first confirmation of a payment for a plan extends its payer's team's premium by the plan
     * period, once ever for that payment; a refund or failure after it takes that period back from
     * the team it credited, once.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      if (!webhookSecret) throw new AppError('invalid_signature', 'Payment webhooks are not configured on this server.');
      const given = (signature ?? '').trim().toLowerCase().replace(/^sha256=/, '');
      if (!given || !safeEqual(given, signPayload(webhookSecret, rawBody))) {
        throw new AppError('invalid_signature', 'The webhook signature is missing or does not match.');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('invalid_input', 'The request body is not valid JSON.');
      }
      if (json !== null && typeof json === 'object' && 'invoiceId' in json) return applyInvoiceEvent(json);
      const parsed = paymentWebhookBodySchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.join('.');
        throw new AppError('invalid_input', `${field || 'body'}: ${issue.message}`, field || undefined);
      }
      const event = parsed.data;
      const now = clock.now();
      if (await repo.eventSeen(db, event.eventId)) return { received: true, duplicate: true };
      const payer = await payerOf(event);

      let premiumExtended = false;
      try {
        const result = await db.transaction(async (tx) => {
          const existing = await repo.findByTxHash(tx, event.txHash);
          let payment = existing;
          if (existing) {
            if (existing.status !== event.status) await repo.updateStatus(tx, existing.id, event.status, now);
          } else {
            payment = await repo.insertPayment(tx, {
              userId: payer.userId,
              cryptocurrency: event.cryptocurrency,
              amount: event.amount,
              amountUsd: event.amountUSD,
              status: event.status,
              plan: event.plan ?? null,
              txHash: event.txHash,
              createdAt: now,
            });
          }
          const plan = existing?.plan ?? event.plan ?? null;
          if (plan) {
            // A payment recorded earlier credits its payer's team as it is now; a refund takes back
            // from the team the grant credited, even if the payer has moved since.
            const teamId = existing ? existing.userId && (await teamAccounts.teamIdOf(tx, existing.userId)) : payer.teamId;
            if (event.status === 'confirmed') {
              if (teamId && (await repo.claimGrant(tx, payment!.id, teamId, now))) {
                await teamAccounts.extendPremium(tx, teamId, now, PLAN_PERIOD_DAYS, plan);
                premiumExtended = true;
              }
            } else if (TAKES_BACK.has(event.status)) {
              const revoked = await repo.claimRevoke(tx, payment!.id, now);
              if (revoked?.teamId) {
                await teamAccounts.shortenPremium(tx, revoked.teamId, PLAN_PERIOD_DAYS);
                premiumExtended = true;
              }
            }
          }
          await repo.insertEvent(tx, event.eventId, payment!.id, now);
          return { received: true as const, duplicate: false };
        });
        // After the commit: a session read before it must not be cached as current.
        if (premiumExtended) userDataChanges.changed();
        return result;
      } catch (error) {
        // Two deliveries of one event at once: the second loses on the primary key, changing nothing.
        if (uniqueViolation(error) !== undefined && (await repo.eventSeen(db, event.eventId))) return { received: true, duplicate: true };
        throw error;
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
