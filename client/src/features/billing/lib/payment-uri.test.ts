import { describe, expect, it } from 'vitest';
import { paymentUri } from './payment-uri';

describe('paymentUri', () => {
  it('writes a BIP 21 URI with the amount for Bitcoin and Litecoin, the bare address otherwise', () => {
    expect(paymentUri('BTC', 'bc1qabc', '0.00306161')).toBe('bitcoin:bc1qabc?amount=0.00306161');
    expect(paymentUri('LTC', 'ltc1qxyz', null)).toBe('litecoin:ltc1qxyz');
    expect(paymentUri('USDT', '0xabc', '49.000012')).toBe('0xabc');
  });
});
