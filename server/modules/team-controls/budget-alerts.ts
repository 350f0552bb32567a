import type { TeamPolicy } from '@contract/team-controls';
import type { MailMessage } from '../../adapters/mail/mailer';

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

const n = (tokens: number) => tokens.toLocaleString('en-US');

/** The owner's mail about one crossing: plain text, the figures, what happens next and where to change it. */
export function budgetAlertMail(facts: { to: string; teamName: string; memberName: string; month: string; crossing: BudgetCrossing }): MailMessage {
  const { crossing } = facts;
  const percent = `${Math.round(crossing.share * 100)}%`;
  const who = crossing.scope === 'member' ? `${facts.memberName} has` : `Your team "${facts.teamName}" has`;
  const whose = crossing.scope === 'member' ? 'their monthly budget of' : 'its monthly budget of';
  const next =
    crossing.share >= 1
      ? crossing.scope === 'member'
        ? `Genie now refuses ${facts.memberName}'s chats until the budget renews on the 1st of next month (UTC).`
        : "Genie now refuses the team's chats until the budget renews on the 1st of next month (UTC)."
      : 'Chats go on until the whole budget is used.';
  return {
    to: facts.to,
    subject: `${who} used ${percent} of ${crossing.scope === 'member' ? 'their' : 'its'} monthly token budget`,
    text: [
      'Hello,',
      '',
      `${who} used ${n(crossing.used)} tokens in ${facts.month}: ${percent} of ${whose} ${n(crossing.budget)} tokens.`,
      next,
      'You can change the budgets in the Policy section of the Team page.',
      '',
      '— Genie',
    ].join('\n'),
  };
}
