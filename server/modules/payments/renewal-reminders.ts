import { RENEWAL_REMINDER_DAYS } from '@contract/billing';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { PublicLinks } from '../../lib/public-links';
import { planName } from '../teams/team-seats';
import { renewalRemindersRepository as repo, type DueReminder } from './renewal-reminders.repository';

/** Reminders one run mails at most; the hourly runs take the rest. */
const REMINDERS_PER_RUN = 100;
const DAY_MS = 24 * 3600 * 1000;

/** Where the owner renews in one click: /team shows the renewal banner with "Renew for one month". */
export const RENEWAL_PAGE_PATH = '/team';

function reminderMail(due: DueReminder, link: string) {
  const plan = planName(due.plan);
  const end = due.periodEnd.toISOString().slice(0, 10);
  return {
    to: due.email,
    subject: `Your Genie ${plan} plan ends on ${end}`,
    text: [
      `Hello ${due.username},`,
      '',
      `Your team's ${plan} plan ends on ${end}.`,
      `To keep it, open ${link} and choose "Renew for one month": it makes an invoice for the same plan and opens it.`,
      '',
      'If it is not renewed, your team moves to the Free plan on that day. Nobody is removed from the team.',
    ].join('\n'),
  };
}

/**
 * Issue 41: RENEWAL_REMINDER_DAYS before a paid period ends, its team's owner gets one mail. The
 * period is claimed in renewal_reminders before the mail goes, so two processes, a restart or a
 * second run mail it once; a mail that fails gives its claim back for the next run.
 */
export function createRenewalReminders(deps: { db: Db; clock: Clock; mailer: Mailer; links: PublicLinks; warn: (message: string) => void }) {
  const { db, clock } = deps;
  return {
    /** Mails the reminders due now; answers how many went out. */
    async run(): Promise<number> {
      const now = clock.now();
      const due = await repo.due(db, now, new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS), REMINDERS_PER_RUN);
      let sent = 0;
      for (const reminder of due) {
        if (!(await repo.claim(db, reminder.teamId, reminder.periodEnd, now))) continue;
        try {
          await deps.mailer.send(reminderMail(reminder, deps.links.mailLink(RENEWAL_PAGE_PATH)));
          sent++;
        } catch (error) {
          await repo.release(db, reminder.teamId, reminder.periodEnd);
          deps.warn(`A renewal reminder could not be sent: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return sent;
    },
  };
}
