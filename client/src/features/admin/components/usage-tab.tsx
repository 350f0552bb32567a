import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useAdminUsage } from '../api/get-usage';
import { QueryState } from './stat-card';

const tokens = (n: number) => n.toLocaleString('en-US');
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

/** The Usage tab (issue 43): every team's tokens and cost for a month, most tokens first, at the operator's prices. */
export function UsageTab() {
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const { data, isLoading, error } = useAdminUsage(month);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Model usage by team</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label className="grid max-w-xs gap-1 text-sm text-slate-800">
          Month
          <Input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </label>
        <QueryState isLoading={isLoading} error={error}>
          {data && (
            <>
              <p className="text-sm text-slate-700" data-testid="admin-usage-total">
                {tokens(data.total.tokensIn)} tokens in, {tokens(data.total.tokensOut)} out, {usd(data.total.costUSD)} across {data.teamCount} team{data.teamCount === 1 ? '' : 's'}
                {data.teamCount > data.teams.length ? ` (the ${data.teams.length} that used the most are listed)` : ''}.
              </p>
              <div className="overflow-x-auto" role="region" aria-label="Usage by team" tabIndex={0}>
                <table className="w-full min-w-[28rem] text-left text-sm">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="py-1">Team</th>
                      <th>Tokens in</th>
                      <th>Tokens out</th>
                      <th>Cost</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.teams.length === 0 && (
                      <tr>
                        <td colSpan={4} className="py-1 text-slate-500">
                          No model calls this month.
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
