import type { AssignableRole } from '@contract/teams';
import type { MailMessage } from '../../adapters/mail/mailer';

export interface InvitationMailFacts {
  to: string;
  teamName: string;
  /** The inviter's username. */
  invitedBy: string;
  role: AssignableRole;
  url: string;
  expiresAt: Date;
}

/** "24 November 2026, 08:00 UTC": the same for every reader, whatever their time zone. */
const utcDateTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)}, ${date.toISOString().slice(11, 16)} UTC`;

/**
 * The invitation email: plain text (no HTML to render or to inject into), naming the team, the
 * inviter, the role, the link and when it expires. The team name is free text the owner chose; a
 * plain-text body shows it as written, and the contract refuses control characters in it, so it
 * cannot add header lines to the subject.
 */
export function invitationMail(facts: InvitationMailFacts): MailMessage {
  const role = facts.role === 'admin' ? 'an admin' : 'a member';
  return {
    to: facts.to,
    subject: `${facts.invitedBy} invited you to join ${facts.teamName} on Genie`,
    text: [
      'Hello,',
      '',
      `${facts.invitedBy} invited you to join the team "${facts.teamName}" on Genie as ${role}.`,
      '',
      'Open this link to join. You can sign in there, or create an account if you have none:',
      facts.url,
      '',
      `The link works once and expires on ${utcDateTime(facts.expiresAt)}.`,
      'If you did not expect this invitation, ignore this email: nothing happens unless the link is opened.',
      '',
      '— Genie',
    ].join('\n'),
  };
}
