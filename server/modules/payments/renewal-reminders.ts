import { RENEWAL_REMINDER_DAYS } from '@contract/billing';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { mailLanguage } from '../../adapters/mail/mail-texts';
import type { PublicLinks } from '../../lib/public-links';
import { planName } from '../teams/team-seats';
import { renewalMail } from './payment-mails';
import { renewalRemindersRepository as repo, type DueReminder } from './renewal-reminders.repository';

/** Reminders one run mails at most; the hourly runs take the rest. */
const REMINDERS_PER_RUN = 100;
const DAY_MS = 24 * 3600 * 1000;

/** Where the owner renews in one click: /team shows the renewal banner with "Renew for one month". */
export const RENEWAL_PAGE_PATH = '/team';

function reminderMail(due: DueReminder, link: string) {
  return renewalMail(mailLanguage(due.language), { to: due.email, username: due.username, plan: planName(due.plan), periodEnd: due.periodEnd, link });
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
