import type { Language } from '@contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { mailText } from '../../adapters/mail/mail-texts';

interface LinkMailFacts {
  to: string;
  username: string;
  /** Built from PUBLIC_URL only (lib/public-links.ts). */
  link: string;
}

/** The link that confirms an address is the account's (issue 38), in the recipient's language. */
export const verificationMail = (language: Language, facts: LinkMailFacts): MailMessage => ({
  to: facts.to,
  subject: mailText(language, 'verification.subject'),
  text: mailText(language, 'verification.body', { username: facts.username, link: facts.link }),
});

/** The single-use link that sets a new password, in the recipient's language. */
export const resetMail = (language: Language, facts: LinkMailFacts): MailMessage => ({
  to: facts.to,
  subject: mailText(language, 'reset.subject'),
  text: mailText(language, 'reset.body', { username: facts.username, link: facts.link }),
});
