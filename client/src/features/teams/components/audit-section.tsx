import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Team } from '@contract/teams';
import { TEAM_AUDIT_KINDS, type TeamAuditKind } from '@contract/team-audit';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses, labelClasses } from '@/components/ui/field-classes';
import { formatDate } from '@/lib/i18n/format';
import { cn } from '@/lib/utils';
import { teamAuditUrl, useTeamAudit, type TeamAuditFilters } from '../api/get-team-audit';
import { pageLanguage } from '../lib/format';
import { useTeamsTexts } from '../texts';

const when = (iso: string) => formatDate(pageLanguage(), iso, { dateStyle: 'medium', timeStyle: 'short' });

/** /team "Audit" (issue 43, owner and admins): the team's events, filtered by person and kind, and their CSV. */
export function AuditSection({ team }: { team: Team }) {
  const { t } = useTeamsTexts();
  const [filters, setFilters] = useState<TeamAuditFilters>({ person: '', kind: '' });
  const audit = useTeamAudit(filters);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card data-testid="team-audit">
      <CardHeader>
        <CardTitle>{t('audit.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-slate-600">{t('audit.lead')}</p>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <label className="grid gap-1">
            <span className={labelClasses}>{t('audit.person')}</span>
            <select className={cn(inputClasses)} value={filters.person} onChange={(e) => setFilters({ ...filters, person: e.target.value })}>
              <option value="">{t('audit.everyone')}</option>
              {team.members.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.username}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className={labelClasses}>{t('audit.kind')}</span>
            <select className={cn(inputClasses)} value={filters.kind} onChange={(e) => setFilters({ ...filters, kind: e.target.value as TeamAuditKind | '' })}>
              <option value="">{t('audit.allKinds')}</option>
              {TEAM_AUDIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`audit.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          <a className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'h-10')} href={teamAuditUrl(filters, { csv: true })} download>
            <Download aria-hidden="true" />
            {t('exportCsv')}
          </a>
        </div>
        {audit.isError && (
          <p role="alert" className="text-sm text-red-700">
            {audit.error.message}
          </p>
        )}
        {audit.isSuccess && entries.length === 0 && <p className="text-sm text-slate-500">{t('audit.noEvents')}</p>}
        {entries.length > 0 && (
          <ul className="divide-y divide-slate-100 text-sm" aria-label={t('audit.events')}>
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 py-2">
                <span className="text-slate-900">
                  <span className="font-medium">{entry.actor?.name ?? 'Genie'}</span>: {entry.summary}
                  {entry.target && entry.target.userId !== null ? ` (${entry.target.name})` : ''}
                </span>
                <span className="text-xs text-slate-500">
                  {t(`audit.kinds.${entry.kind}`)} · <time dateTime={entry.at}>{when(entry.at)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
        {audit.hasNextPage && (
          <Button variant="outline" size="sm" className="justify-self-start" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? t('audit.loading') : t('audit.older')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
