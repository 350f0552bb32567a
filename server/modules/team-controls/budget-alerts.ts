import type { TeamPolicy } from '@contract/team-controls';
import type { Language } from '@contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { mailNumber, mailText } from '../../adapters/mail/mail-texts';

/** The shares of a budget at which the team's owner is mailed (issue 43): 80% and all of it. */
export const BUDGET_ALERT_SHARES = [0.8, 1] as const;

export interface BudgetCrossing {
  scope: 'member' | 'team';
  share: (typeof BUDGET_ALERT_SHARES)[number];
  budget: number;
  used: number;
}

/**
 * The budget lines this call's tokens crossed: used before it was under the line, used after at
 * or over it. Each line is crossed once a month, so each mail goes once (a budget changed mid-month
 * may cross a line again, which is news to the owner too).
 */
export function budgetCrossings(policy: Pick<TeamPolicy, 'monthlyTokensPerMember' | 'monthlyTokensTeam'>, usedAfter: { mine: number; team: number }, added: number): BudgetCrossing[] {
  const crossings: BudgetCrossing[] = [];
  const check = (scope: BudgetCrossing['scope'], budget: number | null, after: number) => {
    if (budget === null || budget === 0 || added <= 0) return;
    for (const share of BUDGET_ALERT_SHARES) {
      const line = budget * share;
      if (after - added < line && after >= line) crossings.push({ scope, share, budget, used: after });
    }
  };
  check('member', policy.monthlyTokensPerMember, usedAfter.mine);
  check('team', policy.monthlyTokensTeam, usedAfter.team);
  return crossings;
}

/** The owner's mail about one crossing, in the owner's language: plain text, the figures, what happens next and where to change it. */
export function budgetAlertMail(
  language: Language,
  facts: { to: string; teamName: string; memberName: string | null; month: string; crossing: BudgetCrossing },
): MailMessage {
  const { crossing } = facts;
  const member = facts.memberName ?? mailText(language, 'budget.aMember');
  // English keeps the "80%" it always had; another language writes its own ("80 %").
  const percent = language === 'en' ? `${Math.round(crossing.share * 100)}%` : new Intl.NumberFormat(language, { style: 'percent' }).format(crossing.share);
  const forMember = crossing.scope === 'member';
  const next =
    crossing.share >= 1 ? mailText(language, forMember ? 'budget.memberRefused' : 'budget.teamRefused', { member }) : mailText(language, 'budget.chatsGoOn');
  const values = {
    member,
    team: facts.teamName,
    percent,
    used: mailNumber(language, crossing.used),
    budget: mailNumber(language, crossing.budget),
    month: facts.month,
    next,
  };
  return {
    to: facts.to,
    subject: mailText(language, forMember ? 'budget.subjectMember' : 'budget.subjectTeam', values),
    text: mailText(language, forMember ? 'budget.bodyMember' : 'budget.bodyTeam', values),
  };
}
