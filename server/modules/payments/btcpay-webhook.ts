import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';
import type { InvoiceConfirmation } from './invoice-confirmation';
import { invoicesRepository as repo } from './invoices.repository';

/** The fields of BTCPay's invoice webhooks Genie reads (Greenfield "Webhooks": InvoiceSettled, InvoiceExpired, InvoiceInvalid). */
const btcpayEventSchema = z.object({
  type: z.string().max(100),
  invoiceId: z.string().min(1).max(200),
  storeId: z.string().max(200).optional(),
});

/**
 * BTCPay Server's store webhook. BTCPay-Sig is `sha256=<hex HMAC-SHA256 of the raw body>` with the
 * webhook's secret: checked before anything is parsed. A settled invoice is paid (even after its
 * end: BTCPay settles a payment it saw in time once it is confirmed); expired and invalid end a
 * pending one. Events of invoices Genie did not make, or of other kinds, are acknowledged and ignored.
 */
export function createBtcpayWebhook(deps: { db: Db; secret: string; storeId: string; confirmation: InvoiceConfirmation }) {
  return async function handle(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; applied: boolean }> {
    const expected = `sha256=${createHmac('sha256', deps.secret).update(rawBody).digest('hex')}`;
    if (!signature || !safeEqual(signature.trim().toLowerCase(), expected)) {
      throw new AppError('invalid_signature', 'The BTCPay-Sig signature is missing or does not match.');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('invalid_input', 'The request body is not valid JSON.');
    }
    const parsed = btcpayEventSchema.safeParse(json);
    if (!parsed.success) throw new AppError('invalid_input', 'The webhook is not an invoice event (type and invoiceId are needed).');
    const event = parsed.data;
    if (event.storeId !== undefined && event.storeId !== deps.storeId) return { received: true, applied: false };
    const invoice = await repo.findByProcessorId(deps.db, event.invoiceId);
    if (!invoice) return { received: true, applied: false };
    switch (event.type) {
      case 'InvoiceSettled': {
        if (invoice.status === 'invalid') return { received: true, applied: false };
        const { paidNow } = await deps.confirmation.confirm(invoice.id, 'btcpay', { lateAllowed: true });
        return { received: true, applied: paidNow };
      }
      case 'InvoiceExpired':
        return { received: true, applied: await repo.end(deps.db, invoice.id, 'expired') };
      case 'InvoiceInvalid':
        return { received: true, applied: await repo.end(deps.db, invoice.id, 'invalid') };
      default:
        return { received: true, applied: false };
    }
  };
}

export type BtcpayWebhook = ReturnType<typeof createBtcpayWebhook>;
