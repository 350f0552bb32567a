import { useState } from 'react';
import { PLANS } from '@contract/plan-catalogue';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useAdminTeams } from '../api/get-admin-teams';
import { useDebounced } from '@/lib/use-debounced';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

/** Teams with their plan, seats used of the limit, and members (issue 15's admin view). */
export function TeamList() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const teams = useAdminTeams(debounced);
  const rows = teams.data?.pages.flatMap((page) => page.teams) ?? [];
  const { t } = useAdminTexts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('teams.title')}</CardTitle>
        <CardDescription>{t('teams.description')}</CardDescription>
      </CardHeader>
      {/* grid-cols-1 (minmax(0, 1fr)): an auto column grew to the rows' widest content and spilled out at 320 px (issue 44). */}
      <CardContent className="grid grid-cols-1 gap-4">
        <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('teams.searchPlaceholder')} type="search" aria-label={t('teams.search')} />
        <QueryState isLoading={teams.isLoading} error={teams.error}>
          {rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">{t('teams.noMatch')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={t('teams.list')}>
              {rows.map((team) => {
                // Over the limit happens when a plan lapses below the member count: worth the admin's eye.
                const over = team.seats.limit !== null && team.seats.used > team.seats.limit;
                return (
                  <li key={team.id} className="rounded-xl border border-slate-200 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="min-w-0 truncate font-medium text-slate-900">{team.name}</p>
                      <div className="flex items-center gap-2">
                        <Badge variant={team.plan ? 'pro' : 'secondary'}>{team.plan ? PLANS.find((p) => p.id === team.plan)?.name : t('free')}</Badge>
                        <Badge variant={over ? 'warning' : 'outline'}>
                          {t('teams.seats', { used: team.seats.used, limit: team.seats.limit ?? '∞' })}
                        </Badge>
                      </div>
                    </div>
                    <ul className="mt-2 grid grid-cols-1 gap-1 text-sm text-slate-600">
                      {team.members.map((m) => (
                        <li key={m.userId} className="flex justify-between gap-2">
                          <span className="min-w-0 truncate">{m.email}</span>
                          <span className="shrink-0 text-slate-500">{t(`accounts.role.${m.role}`)}</span>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          )}
          {teams.hasNextPage && (
            <Button variant="outline" onClick={() => void teams.fetchNextPage()} disabled={teams.isFetchingNextPage} className="justify-self-center">
              {teams.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
