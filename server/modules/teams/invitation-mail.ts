import type { Language } from '@contract/languages';
import type { AssignableRole } from '@contract/teams';
import type { MailMessage } from '../../adapters/mail/mailer';
import { mailText } from '../../adapters/mail/mail-texts';

export interface InvitationMailFacts {
  to: string;
  teamName: string;
  /** The inviter's username. */
  invitedBy: string;
  role: AssignableRole;
  url: string;
  expiresAt: Date;
}

/**
 * "24 November 2026, 08:00 UTC": the same for every reader, whatever their time zone, in the
 * reader's language ("24. November 2026, 08:00 UTC"); English keeps the British order it had.
 */
const utcDateTime = (language: Language, date: Date) =>
  `${new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)}, ${date.toISOString().slice(11, 16)} UTC`;

/**
 * The invitation email in the invitee's language: plain text (no HTML to render or to inject
 * into), naming the team, the inviter, the role, the link and when it expires. The team name is
 * free text the owner chose; a plain-text body shows it as written, and the contract refuses
 * control characters in it, so it cannot add header lines to the subject.
 */
export function invitationMail(language: Language, facts: InvitationMailFacts): MailMessage {
  const values = {
    invitedBy: facts.invitedBy,
    teamName: facts.teamName,
    role: mailText(language, facts.role === 'admin' ? 'invitation.roleAdmin' : 'invitation.roleMember'),
    url: facts.url,
    expires: utcDateTime(language, facts.expiresAt),
  };
  return { to: facts.to, subject: mailText(language, 'invitation.subject', values), text: mailText(language, 'invitation.body', values) };
}
