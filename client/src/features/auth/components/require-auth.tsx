import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/current-user';
import { useTranslation } from '@/lib/i18n/i18n';

/** Sends a visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const { t } = useTranslation('auth');
  if (me.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center" role="status" aria-label={t('loading')}>
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (!me.data) {
    const next = window.location.pathname + window.location.search;
    return <Redirect to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
