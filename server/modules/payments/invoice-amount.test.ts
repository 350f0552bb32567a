import { describe, expect, it } from 'vitest';
import { displayAmount, invoiceAmount, rateOf } from './invoice-amount';

describe('invoice amounts', () => {
  it('converts dollars at the rate, rounding up to the smallest unit, and adds the offset', () => {
    expect(invoiceAmount('199.00', '65000', 'BTC', 0)).toBe('0.00306154');
    expect(invoiceAmount('199.00', '65000', 'BTC', 7)).toBe('0.00306161');
    expect(invoiceAmount('49.00', '1', 'USDT', 12)).toBe('49.000012');
    expect(invoiceAmount('39.20', '2500.5', 'ETH', 1)).toBe('0.01567688');
  });

  it('treats stablecoins as one dollar when no rate is set, and other currencies as unpriced', () => {
    expect(rateOf('USDC', undefined)).toBe('1');
    expect(rateOf('USDC', '0.9998')).toBe('0.9998');
    expect(rateOf('BTC', undefined)).toBeUndefined();
  });

  it('writes a stored amount with the currency’s decimals', () => {
    expect(displayAmount('49.00001200', 'USDT')).toBe('49.000012');
    expect(displayAmount('0.00306161', 'BTC')).toBe('0.00306161');
    expect(displayAmount(null, 'BTC')).toBeNull();
  });
});
