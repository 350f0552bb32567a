import { Ban, Crown, KeyRound, RotateCcw, Search, Unplug } from 'lucide-react';
import { useState } from 'react';
// The one size format (decimal, as /profile and /files write it): 1024-based, this tab said 855.3 KB where /profile said 875.79 KB (issue 42).
import { PLANS } from '@contract/plan-catalogue';
import type { AdminUser } from '@contract/accounts';
import type { PlanId } from '@contract/plan-catalogue';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field-classes';
import { Input } from '@/components/ui/input';
import { writtenSize } from '@/lib/i18n/written-size';
import { cn } from '@/lib/utils';
import { useAdminUsers } from '../api/get-admin-users';
import { useRevokeApiKeys } from '../api/revoke-api-keys';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { useDebounced } from '@/lib/use-debounced';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

/** A plan's product name (never translated), or null for no plan. */
const planName = (plan: string | null) => (plan === null ? null : (PLANS.find((p) => p.id === plan)?.name ?? plan));

/** Accounts: search by email or username, page on, suspend or reactivate, grant a plan by hand, mail a password reset. */
export function AccountList() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const users = useAdminUsers(debounced);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const { t } = useAdminTexts();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('accounts.title')}</CardTitle>
        <CardDescription>{t('accounts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label className="relative block">
          <span className="sr-only">{t('accounts.search')}</span>
          <Search aria-hidden="true" className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('accounts.searchPlaceholder')} className="pl-9" type="search" />
        </label>
        <QueryState isLoading={users.isLoading} error={users.error}>
          {rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">{debounced ? t('accounts.noMatch') : t('accounts.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('accounts.list')}>
              {rows.map((user) => (
                <AccountRow key={user.id} user={user} />
              ))}
            </ul>
          )}
          {users.hasNextPage && (
            <Button variant="outline" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage} className="justify-self-center">
              {users.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </Button>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function AccountRow({ user }: { user: AdminUser }) {
  const update = useUpdateAdminUser();
  const sendReset = useSendPasswordReset();
  const revokeKeys = useRevokeApiKeys();
  const { t, i18n } = useAdminTexts();
  const { day } = adminFormats(i18n.language);
  const [plan, setPlan] = useState<PlanId>(user.plan ?? 'starter');
  const suspended = user.status === 'suspended';
  return (
    <li className="grid gap-3 py-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,35rem)] lg:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{user.email}</span>
          <Badge variant={suspended ? 'danger' : user.status === 'erasing' ? 'warning' : 'success'}>{t(`accounts.status.${user.status}`)}</Badge>
          <Badge variant={user.plan ? 'pro' : 'secondary'}>{planName(user.plan) ?? t('free')}</Badge>
        </p>
        <p className="truncate text-sm text-slate-500">
          @{user.username}
          {user.team && ` · ${user.team.name} (${t(`accounts.role.${user.team.role}`)})`}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm text-slate-600">
        <dt className="text-slate-500">{t('accounts.lastActive')}</dt>
        <dd className="whitespace-nowrap">{day(user.lastActiveAt)}</dd>
        <dt className="text-slate-500">{t('accounts.storage')}</dt>
        <dd className="whitespace-nowrap">{writtenSize(i18n.language, user.storageBytes)}</dd>
        <dt className="text-slate-500">{t('accounts.apiKeys')}</dt>
        <dd className="whitespace-nowrap">{user.apiKeys}</dd>
        {user.premiumUntil && (
          <>
            <dt className="text-slate-500">{t('accounts.planUntil')}</dt>
            <dd className="whitespace-nowrap">{day(user.premiumUntil)}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-2 lg:justify-end">
        <select
          aria-label={t('accounts.planToGrant', { email: user.email })}
          className={cn(inputClasses, 'h-9 w-auto')}
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanId)}
        >
          {PLANS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ id: user.id, patch: { plan } })}>
          <Crown aria-hidden="true" /> {t('accounts.grant')}
        </Button>
        <ConfirmButton
          title={t('accounts.resetTitle')}
          description={t('accounts.resetDescription', { email: user.email })}
          confirmLabel={t('accounts.sendReset')}
          disabled={sendReset.isPending || user.status === 'erasing'}
          // Its failure is the mutation's own toast (onError); the dialog only closes.
          onConfirm={() => sendReset.mutateAsync(user.id).catch(() => undefined)}
        >
          <KeyRound aria-hidden="true" /> {t('accounts.sendReset')}
        </ConfirmButton>
        {user.apiKeys > 0 && (
          <ConfirmButton
            title={t('accounts.revokeTitle')}
            description={t('accounts.revokeDescription', { count: user.apiKeys, email: user.email })}
            confirmLabel={t('accounts.revokeKeys')}
            variant="destructive"
            disabled={revokeKeys.isPending}
            onConfirm={() => revokeKeys.mutateAsync(user.id).catch(() => undefined)}
          >
            <Unplug aria-hidden="true" /> {t('accounts.revokeKeys')}
          </ConfirmButton>
        )}
        {suspended ? (
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ id: user.id, patch: { status: 'active' } })}>
            <RotateCcw aria-hidden="true" /> {t('accounts.reactivate')}
          </Button>
        ) : (
          <ConfirmButton
            title={t('accounts.suspendTitle')}
            description={t('accounts.suspendDescription', { email: user.email })}
            confirmLabel={t('accounts.suspend')}
            variant="destructive"
            disabled={update.isPending || user.status === 'erasing'}
            onConfirm={() => update.mutateAsync({ id: user.id, patch: { status: 'suspended' } }).catch(() => undefined)}
          >
            <Ban aria-hidden="true" /> {t('accounts.suspend')}
          </ConfirmButton>
        )}
      </div>
    </li>
  );
}
