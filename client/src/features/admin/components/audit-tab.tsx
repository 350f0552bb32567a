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
import { formatDate, QueryState } from './stat-card';

// Every action the log records has a name (satisfies), and an old log's unknown action shows as is.
const ACTION_NAMES: Record<string, string> = {
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  grant_plan: 'Granted a plan',
  set_premium_until: 'Set the plan’s end',
  send_password_reset: 'Sent a password reset',
  create_api_key: 'Made an API key',
  revoke_api_key: 'Revoked an API key',
  revoke_api_keys: 'Revoked all API keys',
  confirm_invoice: 'Marked an invoice received',
} satisfies Record<AdminAction, string>;

const day = (iso: unknown) => (typeof iso === 'string' ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : 'none');
const planName = (plan: unknown) => (typeof plan === 'string' ? (PLANS.find((p) => p.id === plan)?.name ?? plan) : 'Free');

/** What an entry's details say, as a sentence: the plan and its end (and before), and the note. */
function detailText(details: Record<string, string | number | boolean | null>): string {
  const parts: string[] = [];
  if ('plan' in details) {
    parts.push(`${planName(details.plan)} until ${day(details.premiumUntil)} (was ${planName(details.previousPlan)}${details.previousPremiumUntil ? ` until ${day(details.previousPremiumUntil)}` : ''})`);
  }
  if (typeof details.note === 'string') parts.push(`Note: ${details.note}`);
  if (typeof details.prefix === 'string') parts.push(`Key “${String(details.name)}” (${details.prefix}…)`);
  if (typeof details.revoked === 'number') parts.push(`${details.revoked} key${details.revoked === 1 ? '' : 's'} revoked`);
  return parts.join(' · ');
}

/** Every admin action on accounts, newest first, filterable by admin, action and date. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({ action: '', admin: '', from: '', to: '' });
  const settled = useDebounced(filters, 300);
  const audit = useAudit(settled);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (key: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription className="flex items-start gap-2">
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-genie-600" />
          Every suspension, reactivation and plan grant is recorded here with the admin who did it. Admins never see a user’s
          conversations or file contents.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-action">Action</Label>
            <select id="audit-action" className={cn(inputClasses)} value={filters.action} onChange={(e) => set('action')(e.target.value)}>
              <option value="">All actions</option>
              {ADMIN_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {ACTION_NAMES[action] ?? action}
                </option>
              ))}
            </select>
          </div>
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-admin">Admin</Label>
            <Input id="audit-admin" value={filters.admin} onChange={(e) => set('admin')(e.target.value)} placeholder="Any admin" />
          </div>
          {/* A date field is ~150 px at its narrowest: two side by side spilled out at 320 px (issue 44). */}
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-from">From</Label>
            <Input id="audit-from" type="date" value={filters.from} onChange={(e) => set('from')(e.target.value)} />
          </div>
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-to">To</Label>
            <Input id="audit-to" type="date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
          </div>
        </div>
        <QueryState isLoading={audit.isLoading} error={audit.error}>
          {entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">No admin action matches.</p>
          ) : (
            <ol className="divide-y divide-slate-100" aria-label="Audit entries">
              {entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
                  <time className="text-sm text-slate-500" dateTime={entry.createdAt}>
                    {formatDate(entry.createdAt)}
                  </time>
                  <div className="min-w-0 text-sm">
                    <p className="text-slate-900">
                      <span className="font-medium">{entry.admin}</span> · {ACTION_NAMES[entry.action] ?? entry.action} ·{' '}
                      <span className="break-all">{entry.target ?? 'unknown account'}</span>
                    </p>
                    {entry.details && <p className="break-words text-slate-500">{detailText(entry.details)}</p>}
                  </div>
                </li>
              ))}
            </ol>
          )}
          {audit.hasNextPage && (
            <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage} className="justify-self-center">
              {audit.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
