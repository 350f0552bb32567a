import type { Language } from '@contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { mailText } from '../../adapters/mail/mail-texts';

/** Dates in payment mails: 2026-11-29 in every language (the invoice page shows the same). */
const day = (date: Date | null | undefined) => date?.toISOString().slice(0, 10) ?? '';

export interface ReceiptFacts {
  to: string;
  username: string;
  plan: string;
  invoiceId: string;
  paidAt: Date | null;
  amountUsd: string;
  /** The crypto amount as the invoice shows it ('' when unknown). */
  amount: string;
  currency: string;
  periodEnd: Date | null;
  /** The printable receipt, from PUBLIC_URL. */
  link: string;
}

/** The owner's receipt for a paid invoice, in the owner's language. */
export function receiptMail(language: Language, facts: ReceiptFacts): MailMessage {
  const values = {
    username: facts.username,
    plan: facts.plan,
    invoice: facts.invoiceId,
    paid: day(facts.paidAt),
    usd: facts.amountUsd,
    amount: facts.amount,
    currency: facts.currency,
    until: day(facts.periodEnd),
    link: facts.link,
  };
  return { to: facts.to, subject: mailText(language, 'receipt.subject', values), text: mailText(language, 'receipt.body', values) };
}

/** Issue 41's reminder before a paid period ends, in the owner's language; `link` opens /team. */
export function renewalMail(language: Language, facts: { to: string; username: string; plan: string; periodEnd: Date; link: string }): MailMessage {
  const values = { username: facts.username, plan: facts.plan, end: day(facts.periodEnd), link: facts.link };
  return { to: facts.to, subject: mailText(language, 'renewal.subject', values), text: mailText(language, 'renewal.body', values) };
}
