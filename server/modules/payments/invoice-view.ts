import type { AdminInvoice, Invoice, InvoiceStatus } from '@contract/billing';
import { PLANS } from '@contract/plan-catalogue';
import type { InvoiceRow } from '../../db/schema/commerce';
import { displayAmount } from './invoice-amount';

/** The status as it reads now: a pending invoice past its end is expired. */
export function statusNow(row: Pick<InvoiceRow, 'status' | 'expiresAt'>, now: Date): InvoiceStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as InvoiceStatus;
}

/** Genie's own page for an invoice (a path: the browser is on Genie already). */
export const invoicePagePath = (id: string) => `/billing/${id}`;

export function invoiceView(row: InvoiceRow, now: Date): Invoice {
  return {
    invoiceId: row.id,
    plan: row.plan as Invoice['plan'],
    planName: PLANS.find((p) => p.id === row.plan)?.name ?? row.plan,
    amountUSD: row.amountUsd,
    listPriceUSD: row.listPriceUsd,
    currency: row.currency,
    amount: displayAmount(row.amount, row.currency),
    address: row.address,
    mode: row.mode as Invoice['mode'],
    checkoutUrl: row.checkoutUrl,
    status: statusNow(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
  };
}

export function adminInvoiceView(row: InvoiceRow, teamName: string, now: Date): AdminInvoice {
  return { ...invoiceView(row, now), teamId: row.teamId, teamName, confirmedBy: row.confirmedBy };
}
