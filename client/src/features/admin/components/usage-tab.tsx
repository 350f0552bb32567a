import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useAdminUsage } from '../api/get-usage';
import { formatNumber } from '@/lib/i18n/format';
import type { Language } from '@contract/languages';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

/** Costs of a few tokens are fractions of a cent: up to four decimals ("$0.0042"). */
const usdFine = (language: Language, n: number) =>
  formatNumber(language, n, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** The Usage tab (issue 43): every team's tokens and cost for a month, most tokens first, at the operator's prices. */
export function UsageTab() {
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const { data, isLoading, error } = useAdminUsage(month);
  const { t, i18n } = useAdminTexts();
  const language = i18n.language as Language;
  const tokens = (n: number) => formatNumber(language, n);
  const usd = (n: number) => usdFine(language, n);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('usage.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label className="grid max-w-xs gap-1 text-sm text-slate-800">
          {t('usage.month')}
          <Input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </label>
        <QueryState isLoading={isLoading} error={error}>
          {data && (
            <>
              <p className="text-sm text-slate-700" data-testid="admin-usage-total">
                {t('usage.total', { count: data.teamCount, tokensIn: tokens(data.total.tokensIn), tokensOut: tokens(data.total.tokensOut), cost: usd(data.total.costUSD) })}
                {data.teamCount > data.teams.length ? t('usage.listed', { listed: data.teams.length }) : ''}.
              </p>
              <div className="overflow-x-auto" role="region" aria-label={t('usage.region')} tabIndex={0}>
                <table className="w-full min-w-[28rem] text-left text-sm">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="py-1">{t('usage.team')}</th>
                      <th>{t('usage.tokensIn')}</th>
                      <th>{t('usage.tokensOut')}</th>
                      <th>{t('usage.cost')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.teams.length === 0 && (
                      <tr>
                        <td colSpan={4} className="py-1 text-slate-500">
                          {t('usage.none')}
                        </td>
                      </tr>
                    )}
                    {data.teams.map((team) => (
                      <tr key={team.teamId ?? 'deleted'} className="border-t border-slate-100">
                        <td className="py-1">{team.name}</td>
                        <td>{tokens(team.tokensIn)}</td>
                        <td>{tokens(team.tokensOut)}</td>
                        <td>{usd(team.costUSD)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
