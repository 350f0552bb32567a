import { z } from 'zod';

/** Issue 41: checkout, invoices and their payment. */

/** Currencies an invoice can be paid in: the ones with a BUSINESS_WALLET_<CUR> setting. */
export const BILLING_CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'LTC'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

/** Plans that can be bought at a list price (Enterprise is a custom price: Contact Sales). */
export const billablePlanSchema = z.enum(['starter', 'pro']);

export const checkoutBodySchema = z.object({
  plan: billablePlanSchema,
  currency: z
    .string()
    .trim()
    .max(10)
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(BILLING_CURRENCIES, { error: `must be one of ${BILLING_CURRENCIES.join(', ')}` })),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** `refunded`: paid, then a signed refund took its period back (a payment that failed after it was paid reads `invalid`). */
export const invoiceStatusSchema = z.enum(['pending', 'paid', 'expired', 'invalid', 'refunded']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Exactly the checkout answer. */
export const checkoutResponseSchema = z.object({
  invoiceId: z.uuid(),
  plan: billablePlanSchema,
  amountUSD: z.string(),
  currency: z.string(),
  /** In the currency; null while BTCPay has not named it (its checkout page shows it). */
  amount: z.string().nullable(),
  address: z.string().nullable(),
  expiresAt: z.string(),
  status: z.literal('pending'),
  /** Where the invoice is paid: Genie's /billing/<id> page, or BTCPay's checkout. */
  checkoutUrl: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** One invoice as its team's owner or admin (and the admin console) sees it. */
export const invoiceSchema = z.object({
  invoiceId: z.uuid(),
  plan: billablePlanSchema,
  planName: z.string(),
  amountUSD: z.string(),
  listPriceUSD: z.string(),
  currency: z.string(),
  amount: z.string().nullable(),
  address: z.string().nullable(),
  mode: z.enum(['direct', 'btcpay']),
  checkoutUrl: z.string().nullable(),
  status: invoiceStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** The team's premium end right after this payment. */
  periodEnd: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an invoice id' }) });

/** The team's plan while it runs (null on Free), its end, and its invoices, newest first. */
export const teamInvoicesResponseSchema = z.object({
  plan: billablePlanSchema.or(z.literal('enterprise')).nullable(),
  planEndsAt: z.string().nullable(),
  invoices: z.array(invoiceSchema),
});
export type TeamInvoices = z.infer<typeof teamInvoicesResponseSchema>;

/** Days before the plan's end from which the owner is reminded to renew. */
export const RENEWAL_REMINDER_DAYS = 7;

/** Public: whether Subscribe Now can take money here, and in which currencies. */
export const billingOptionsSchema = z.object({
  mode: z.enum(['direct', 'btcpay']).nullable(),
  currencies: z.array(z.enum(BILLING_CURRENCIES)),
});
export type BillingOptions = z.infer<typeof billingOptionsSchema>;

export const adminInvoicesQuerySchema = z.object({
  status: z.enum(['pending', 'paid', 'expired', 'invalid', 'refunded', 'all']).default('all'),
});

export const adminInvoiceSchema = invoiceSchema.extend({ teamId: z.uuid(), teamName: z.string(), confirmedBy: z.string().nullable() });
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

const totalSchema = z.object({ count: z.number().int(), amountUSD: z.string() });
export const adminInvoicesResponseSchema = z.object({
  invoices: z.array(adminInvoiceSchema),
  totals: z.object({ pending: totalSchema, paid: totalSchema, expired: totalSchema, invalid: totalSchema, refunded: totalSchema }),
});
export type AdminInvoicesResponse = z.infer<typeof adminInvoicesResponseSchema>;

/** Invoices one admin list shows at most (newest first). */
export const ADMIN_INVOICES_LIMIT = 100;

/** The signed BTCPay webhook's header (BTCPay-Sig: sha256=<hex>). */
export const BTCPAY_SIGNATURE_HEADER = 'btcpay-sig';
export const btcpayWebhookResponseSchema = z.object({ received: z.literal(true), applied: z.boolean() });
