import type { BillingCurrency } from '@contract/billing';

/** Decimals each currency's amount is written with (the column keeps 8; the stablecoins use 6). */
const DECIMALS: Record<BillingCurrency, number> = { BTC: 8, ETH: 8, USDT: 6, USDC: 6, SOL: 8, LTC: 8 };
const STABLECOINS = new Set<BillingCurrency>(['USDT', 'USDC']);

/** The rate to use: the setting, or 1 for a stablecoin; undefined when the currency has none. */
export function rateOf(currency: BillingCurrency, configured: string | undefined): string | undefined {
  return configured ?? (STABLECOINS.has(currency) ? '1' : undefined);
}

/** A non-negative decimal string as an integer count of 10^-scale units (exact; money is never a float). */
function toUnits(decimal: string, scale: number): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole! + fraction.padEnd(scale, '0').slice(0, scale));
}

function fromUnits(units: bigint, scale: number): string {
  const text = units.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/**
 * The amount of `currency` worth `usd` at `rate` (USD per unit), rounded up to the currency's
 * smallest written unit, plus `offset` such units: the offset makes each pending invoice's amount
 * its own, so a transfer to the one business wallet tells which invoice it pays.
 */
export function invoiceAmount(usd: string, rate: string, currency: BillingCurrency, offset: number): string {
  const decimals = DECIMALS[currency];
  const cents = toUnits(usd, 2);
  const rateUnits = toUnits(rate, 8);
  // amount·10^d = cents/100 · 10^d / (rateUnits/10^8)
  const numerator = cents * 10n ** BigInt(decimals) * 10n ** 8n;
  const denominator = 100n * rateUnits;
  const base = (numerator + denominator - 1n) / denominator;
  return fromUnits(base + BigInt(offset), decimals);
}

/** The amount as stored (numeric scale 8) written back with the currency's decimals. */
export function displayAmount(stored: string | null, currency: string): string | null {
  if (stored === null) return null;
  const decimals = DECIMALS[currency as BillingCurrency] ?? 8;
  return fromUnits(toUnits(stored, 8) / 10n ** BigInt(8 - decimals), decimals);
}
