import { z } from 'zod';
import { emptyAsUndefined, optionalString, optionalUrl } from './fields';

/** A positive decimal rate, e.g. 65000 or 0.9998. */
const paymentRate = z.preprocess(
  emptyAsUndefined,
  z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a positive decimal such as 65000 or 0.9998').refine((v) => Number(v) > 0, 'must be above 0').optional(),
);

/** Payments (issue 41; README "Payments"): the webhook, the business wallets, rates and BTCPay Server. */
const billingSchema = z.object({
  /** Shared secret of the payment processor's webhook (HMAC-SHA256); unset refuses every webhook. */
  PAYMENTS_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Business wallet addresses shown on the admin Crypto Payments tab; an unset one is not shown. */
  BUSINESS_WALLET_BTC: optionalString,
  BUSINESS_WALLET_ETH: optionalString,
  BUSINESS_WALLET_USDT: optionalString,
  BUSINESS_WALLET_USDC: optionalString,
  BUSINESS_WALLET_SOL: optionalString,
  BUSINESS_WALLET_LTC: optionalString,
  /** USD per one unit of the currency, for invoices paid straight to BUSINESS_WALLET_<CUR>; USDT and USDC are 1 when unset. */
  PAYMENT_RATE_BTC_USD: paymentRate,
  PAYMENT_RATE_ETH_USD: paymentRate,
  PAYMENT_RATE_USDT_USD: paymentRate,
  PAYMENT_RATE_USDC_USD: paymentRate,
  PAYMENT_RATE_SOL_USD: paymentRate,
  PAYMENT_RATE_LTC_USD: paymentRate,
  /** How long an invoice waits to be paid before it expires (BTCPay invoices are given the same). */
  BILLING_INVOICE_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(5).max(7 * 24 * 60).default(60)),
  /** BTCPay Server: when all four are set, invoices are made through its Greenfield API instead of straight to the wallets. */
  BTCPAY_URL: optionalUrl,
  BTCPAY_STORE_ID: optionalString,
  BTCPAY_API_KEY: optionalString,
  /** The secret of the store's webhook pointing at /api/billing/btcpay/webhook (BTCPay-Sig). */
  BTCPAY_WEBHOOK_SECRET: optionalString,
  /** Public demo-request submissions allowed per client address per hour. */
  DEMO_REQUEST_RATE_LIMIT_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(5)),
});

export const billingSettings = billingSchema.shape;

/** Billing settings that are only valid together. */
export function billingProblems(config: z.infer<typeof billingSchema>): string[] {
  const btcpay = [config.BTCPAY_URL, config.BTCPAY_STORE_ID, config.BTCPAY_API_KEY, config.BTCPAY_WEBHOOK_SECRET];
  if (btcpay.some(Boolean) && !btcpay.every(Boolean)) return ['  BTCPAY_URL: BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET are needed together'];
  return [];
}
