import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatNumber } from '@/lib/i18n/format';
import { cn } from '@/lib/utils';
import { useTeamDailyUsage } from '../api/get-team-daily-usage';
import { teamUsageUrl, useTeamUsage } from '../api/team-policy';
import { formatTokens as tokens, pageLanguage } from '../lib/format';
import { useTeamsTexts } from '../texts';
import { UsageChart } from './usage-chart';

// A model call can cost a fraction of a cent: up to four decimals.
const usd = (n: number) => formatNumber(pageLanguage(), n, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** /team "Usage and cost" (issue 43, owner and admins): the month by member and by model, and the budget left. */
export function UsageSection() {
  const { t } = useTeamsTexts();
  const [month, setMonth] = useState(thisMonth);
  const usage = useTeamUsage(month, /^\d{4}-\d{2}$/.test(month));
  const daily = useTeamDailyUsage();
  const data = usage.data;
  const teamLeft = data && data.budget.monthlyTokensTeam !== null ? Math.max(0, data.budget.monthlyTokensTeam - data.budget.usedTeam) : null;
  const perMember = data?.budget.monthlyTokensPerMember ?? null;
  return (
    <Card data-testid="team-usage">
      <CardHeader>
        <CardTitle>{t('usage.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {daily.data && <UsageChart usage={daily.data} />}
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm text-slate-800">
            {t('usage.month')}
            <Input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </label>
          <a className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))} href={teamUsageUrl(month, true)} download>
            <Download aria-hidden="true" />
            {t('exportCsv')}
          </a>
        </div>
        {usage.isError && <p role="alert" className="text-sm text-red-700">{usage.error.message}</p>}
        {data && (
          <>
            <p className="text-sm text-slate-700" data-testid="team-budget">
              {teamLeft !== null
                ? t('usage.teamUsedLeft', { used: tokens(data.budget.usedTeam), left: tokens(teamLeft), budget: tokens(data.budget.monthlyTokensTeam!) })
                : t('usage.teamUsedNoBudget', { used: tokens(data.budget.usedTeam) })}
              {perMember !== null ? ` ${t('usage.memberBudget', { tokens: tokens(perMember) })}` : ''}
            </p>
            <div className="overflow-x-auto" role="region" aria-label={t('usage.byMember')} tabIndex={0}>
            <table className="w-full min-w-[30rem] text-left text-sm">
              <thead className="text-slate-500">
                <tr><th className="py-1">{t('usage.member')}</th><th>{t('usage.tokensIn')}</th><th>{t('usage.tokensOut')}</th><th>{t('usage.cost')}</th>{perMember !== null && <th>{t('usage.left')}</th>}</tr>
              </thead>
              <tbody>
                {data.members.map((m) => (
                  <tr key={m.userId} className="border-t border-slate-100">
                    <td className="py-1">{m.name}</td><td>{tokens(m.tokensIn)}</td><td>{tokens(m.tokensOut)}</td><td>{usd(m.costUSD)}</td>
                    {perMember !== null && <td>{tokens(Math.max(0, perMember - m.tokensIn - m.tokensOut))}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
            <div className="overflow-x-auto" role="region" aria-label={t('usage.byModel')} tabIndex={0}>
            <table className="w-full min-w-[30rem] text-left text-sm">
              <thead className="text-slate-500">
                <tr><th className="py-1">{t('usage.model')}</th><th>{t('usage.persona')}</th><th>{t('usage.tokensIn')}</th><th>{t('usage.tokensOut')}</th><th>{t('usage.cost')}</th></tr>
              </thead>
              <tbody>
                {data.models.length === 0 && (
                  <tr><td colSpan={5} className="py-1 text-slate-500">{t('usage.noCalls')}</td></tr>
                )}
                {data.models.map((m) => (
                  <tr key={`${m.persona}/${m.model}`} className="border-t border-slate-100">
                    <td className="py-1">{m.model}</td><td>{m.persona}</td><td>{tokens(m.tokensIn)}</td><td>{tokens(m.tokensOut)}</td><td>{usd(m.costUSD)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
