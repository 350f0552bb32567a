/**
 * What the QR code holds: a wallet's payment URI when the currency has one everybody reads
 * (BIP 21 for Bitcoin, its siblings for Litecoin), so the wallet fills in the amount too;
 * the bare address for the others (token transfers have no URI all wallets agree on).
 */
export function paymentUri(currency: string, address: string, amount: string | null): string {
  const scheme = currency === 'BTC' ? 'bitcoin' : currency === 'LTC' ? 'litecoin' : null;
  if (!scheme) return address;
  return amount ? `${scheme}:${address}?amount=${amount}` : `${scheme}:${address}`;
}
