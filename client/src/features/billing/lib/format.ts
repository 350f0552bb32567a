/** "Dec 28, 2026" */
export const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** "$199.00" */
export const usd = (amount: string) => `$${Number(amount).toFixed(2)}`;

export const STATUS_NAMES = { pending: 'Waiting for payment', paid: 'Paid', expired: 'Expired', invalid: 'Invalid', refunded: 'Refunded' } as const;
