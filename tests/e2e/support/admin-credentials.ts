/** The e2e server's first admin, payment webhook secret and wallet (set in global-setup). */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'an e2e admin passphrase' };
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
export const E2E_BTC_WALLET = 'bc1qe2etestwalletaddress000000000000000';
