import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ACTIONS, type AdminAction } from '@contract/accounts';
import { PLANS } from '@contract/plan-catalogue';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field-classes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { useDebounced } from '@/lib/use-debounced';
import english from '@/locales/en/admin.json';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

type TFunction = ReturnType<typeof useAdminTexts>['t'];

// Every action the log records has a name (satisfies), and an old log's unknown action shows as is.
const KNOWN_ACTIONS = english.audit.actions satisfies Record<AdminAction, string>;
const actionName = (t: TFunction, action: string) => (action in KNOWN_ACTIONS ? t(`audit.actions.${action as AdminAction}`) : action);

/** What an entry's details say, as a sentence: the plan and its end (and before), and the note. */
function detailText(t: TFunction, language: string, details: Record<string, string | number | boolean | null>): string {
  const { day: formatDay } = adminFormats(language);
  const day = (iso: unknown) => (typeof iso === 'string' ? formatDay(iso) : t('audit.none'));
  const planName = (plan: unknown) => (typeof plan === 'string' ? (PLANS.find((p) => p.id === plan)?.name ?? plan) : t('free'));
  const parts: string[] = [];
  if ('plan' in details) {
    const change = { plan: planName(details.plan), until: day(details.premiumUntil), previous: planName(details.previousPlan) };
    parts.push(
      details.previousPremiumUntil ? t('audit.planChangeWithEnd', { ...change, previousUntil: day(details.previousPremiumUntil) }) : t('audit.planChange', change),
    );
  }
  if (typeof details.note === 'string') parts.push(t('audit.note', { note: details.note }));
  if (typeof details.prefix === 'string') parts.push(t('audit.key', { name: String(details.name), prefix: details.prefix }));
  if (typeof details.revoked === 'number') parts.push(t('audit.revoked', { count: details.revoked }));
  return parts.join(' · ');
}

/** Every admin action on accounts, newest first, filterable by admin, action and date. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({ action: '', admin: '', from: '', to: '' });
  const settled = useDebounced(filters, 300);
  const audit = useAudit(settled);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const { t, i18n } = useAdminTexts();
  const { dateTime } = adminFormats(i18n.language);
  const set = (key: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('audit.title')}</CardTitle>
        <CardDescription className="flex items-start gap-2">
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-genie-600" />
          {t('audit.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-action">{t('audit.action')}</Label>
            <select id="audit-action" className={cn(inputClasses)} value={filters.action} onChange={(e) => set('action')(e.target.value)}>
              <option value="">{t('audit.allActions')}</option>
              {ADMIN_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {actionName(t, action)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-admin">{t('audit.admin')}</Label>
            <Input id="audit-admin" value={filters.admin} onChange={(e) => set('admin')(e.target.value)} placeholder={t('audit.anyAdmin')} />
          </div>
          {/* A date field is ~150 px at its narrowest: two side by side spilled out at 320 px (issue 44). */}
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-from">{t('audit.from')}</Label>
            <Input id="audit-from" type="date" value={filters.from} onChange={(e) => set('from')(e.target.value)} />
          </div>
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-to">{t('audit.to')}</Label>
            <Input id="audit-to" type="date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
          </div>
        </div>
        <QueryState isLoading={audit.isLoading} error={audit.error}>
          {entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">{t('audit.noMatch')}</p>
          ) : (
            <ol className="divide-y divide-slate-100" aria-label={t('audit.entries')}>
              {entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
                  <time className="text-sm text-slate-500" dateTime={entry.createdAt}>
                    {dateTime(entry.createdAt)}
                  </time>
                  <div className="min-w-0 text-sm">
                    <p className="text-slate-900">
                      <span className="font-medium">{entry.admin}</span> · {actionName(t, entry.action)} ·{' '}
                      <span className="break-all">{entry.target ?? t('audit.unknownAccount')}</span>
                    </p>
                    {entry.details && <p className="break-words text-slate-500">{detailText(t, i18n.language, entry.details)}</p>}
                  </div>
                </li>
              ))}
            </ol>
          )}
          {audit.hasNextPage && (
            <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage} className="justify-self-center">
              {audit.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
