import { describe, expect, it } from 'vitest';
import { receiptMail, renewalMail } from './payment-mails';

const receipt = {
  to: 'owner@example.test',
  username: 'olga',
  plan: 'Pro',
  invoiceId: 'inv-1',
  paidAt: new Date('2026-09-01T10:00:00Z'),
  amountUsd: '99.00',
  amount: '0.001',
  currency: 'BTC',
  periodEnd: new Date('2026-10-01T10:00:00Z'),
  link: 'https://genie.example.com/billing/invoices/inv-1?receipt=1',
};
const renewal = { to: 'owner@example.test', username: 'olga', plan: 'Starter', periodEnd: new Date('2026-10-01T10:00:00Z'), link: 'https://genie.example.com/team' };

describe('the payment mails in the owner’s language (issue 44)', () => {
  it.each([
    ['de', 'Ihre Genie-Quittung: Tarif Pro', 'Betrag: $99.00 (0.001 BTC)'],
    ['fr', 'Votre reçu Genie : offre Pro', 'Montant : $99.00 (0.001 BTC)'],
    ['es', 'Su recibo de Genie: plan Pro', 'Importe: $99.00 (0.001 BTC)'],
  ] as const)('writes the receipt in %s', (language, subject, amountLine) => {
    const mail = receiptMail(language, receipt);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')).toContain(amountLine);
  });

  it.each([
    ['de', 'Ihr Genie-Tarif Starter endet am 2026-10-01'],
    ['fr', 'Votre offre Genie Starter prend fin le 2026-10-01'],
    ['es', 'Su plan Starter de Genie termina el 2026-10-01'],
  ] as const)('writes the renewal reminder in %s', (language, subject) => {
    const mail = renewalMail(language, renewal);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(renewal.link);
  });

  it('keeps the English receipt as it was', () => {
    expect(receiptMail('en', receipt).text.split('\n')).toEqual([
      'Hello olga,',
      '',
      'We received your payment for the Pro plan. Thank you.',
      '',
      'Invoice: inv-1',
      'Paid: 2026-09-01',
      'Amount: $99.00 (0.001 BTC)',
      "Your team's plan runs until 2026-10-01.",
      '',
      `Printable receipt: ${receipt.link}`,
    ]);
  });
});
