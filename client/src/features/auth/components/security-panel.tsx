import { LogOut, Monitor } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { SessionInfo } from '@contract/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { formatDate } from '@/lib/i18n/format';
import { i18n, useTranslation } from '@/lib/i18n/i18n';
import { isLanguage } from '@contract/languages';
import { useAuthOptions } from '../api/auth-options';
import { useChangePassword, usePasswordStatus, useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { describeUserAgent } from '../lib/describe-user-agent';
import { NewPasswordFields, passwordsDiffer } from './new-password-fields';

const when = (iso: string) => formatDate(isLanguage(i18n.language) ? i18n.language : 'en', iso, { dateStyle: 'medium', timeStyle: 'short' });

function PasswordCard() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (next !== repeat) {
      setError(passwordsDiffer());
      return;
    }
    try {
      const { revoked } = await change.mutateAsync({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      toast({ title: t('security.changed'), description: revoked === 0 ? t('security.noOther') : t('security.signedOutOthers', { count: revoked }) });
    } catch (caught) {
      setError(errorSentence(caught, t('common:networkError')).replace(/^\w+: /, ''));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('security.password')}</CardTitle>
        <CardDescription>{t('security.passwordText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-md gap-4" onSubmit={onSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor="current-password">{t('security.current')}</Label>
            <Input id="current-password" type="password" autoComplete="current-password" required maxLength={256} value={current} onChange={(e) => setCurrent(e.target.value)} />
          </div>
          <NewPasswordFields password={next} repeat={repeat} onPassword={setNext} onRepeat={setRepeat} />
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? t('security.changing') : t('security.change')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation('auth');
  const revoke = useRevokeSession();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {describeUserAgent(session.userAgent)}
            {session.current && <Badge>{t('security.thisDevice')}</Badge>}
          </p>
          <p className="text-sm text-slate-500">
            {session.ipAddress ?? t('security.unknownAddress')} · {t('security.signedIn', { date: when(session.createdAt) })} ·{' '}
            {t('security.lastActive', { date: when(session.lastSeenAt) })}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(session.id, { onError: (error) => toast({ title: t('security.revokeFailed'), description: errorSentence(error), variant: 'destructive' }) })}
        >
          <LogOut aria-hidden="true" /> {t('security.signOut')}
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const { t } = useTranslation('auth');
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('security.where')}</CardTitle>
        <CardDescription>{t('security.whereText')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending && <Spinner className="h-6 w-6" />}
        {sessions.isError && <p role="alert" className="text-sm text-red-700">{errorSentence(sessions.error)}</p>}
        {sessions.data && (
          <>
            <ul className="divide-y divide-slate-100" aria-label={t('security.sessions')}>
              {sessions.data.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            <Button
              variant="outline"
              className="mt-3"
              disabled={others === 0 || revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: ({ revoked }) => toast({ title: t('security.everywhere'), description: t('security.ended', { count: revoked }) }),
                  onError: (error) => toast({ title: t('security.othersFailed'), description: errorSentence(error), variant: 'destructive' }),
                })
              }
            >
              {t('security.signOutOthers')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** An account made by single sign-on has no password to prove; a reset link sets its first one. */
function NoPasswordCard({ ssoName }: { ssoName: string }) {
  const { t } = useTranslation('auth');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('security.password')}</CardTitle>
        <CardDescription>{t('security.noPasswordText', { name: ssoName })}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** The Security tab of /profile: the password and the sessions of this account. */
export function SecurityPanel() {
  const { t } = useTranslation('auth');
  const options = useAuthOptions().data;
  const password = usePasswordStatus().data;
  return (
    <div className="grid gap-6">
      {(options?.passwords ?? true) && password?.set === true && <PasswordCard />}
      {(options?.passwords ?? true) && password?.set === false && <NoPasswordCard ssoName={options?.sso?.name ?? t('forgot.singleSignOn')} />}
      <SessionsCard />
    </div>
  );
}
