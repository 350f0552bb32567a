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
import { useAuthOptions } from '../api/auth-options';
import { useChangePassword, usePasswordStatus, useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { describeUserAgent } from '../lib/describe-user-agent';
import { NewPasswordFields, PASSWORDS_DIFFER } from './new-password-fields';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function PasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (next !== repeat) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    try {
      const { revoked } = await change.mutateAsync({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      toast({ title: 'Password changed', description: revoked === 0 ? 'No other session was signed in.' : `Signed out ${revoked} other session${revoked === 1 ? '' : 's'}.` });
    } catch (caught) {
      setError(errorSentence(caught, 'Network error. Please try again.').replace(/^\w+: /, ''));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-md gap-4" onSubmit={onSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor="current-password">Current password</Label>
            <Input id="current-password" type="password" autoComplete="current-password" required maxLength={256} value={current} onChange={(e) => setCurrent(e.target.value)} />
          </div>
          <NewPasswordFields password={next} repeat={repeat} onPassword={setNext} onRepeat={setRepeat} />
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {describeUserAgent(session.userAgent)}
            {session.current && <Badge>This device</Badge>}
          </p>
          <p className="text-sm text-slate-500">
            {session.ipAddress ?? 'Unknown address'} · signed in {when(session.createdAt)} · last active {when(session.lastSeenAt)}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(session.id, { onError: (error) => toast({ title: 'Could not sign that session out', description: errorSentence(error), variant: 'destructive' }) })}
        >
          <LogOut aria-hidden="true" /> Sign out
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>Sign out a device you no longer use or do not recognise. Last activity is updated every few minutes.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending && <Spinner className="h-6 w-6" />}
        {sessions.isError && <p role="alert" className="text-sm text-red-700">{errorSentence(sessions.error)}</p>}
        {sessions.data && (
          <>
            <ul className="divide-y divide-slate-100" aria-label="Sessions">
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
                  onSuccess: ({ revoked }) => toast({ title: 'Signed out everywhere else', description: `${revoked} session${revoked === 1 ? '' : 's'} ended.` }),
                  onError: (error) => toast({ title: 'Could not sign out the other sessions', description: errorSentence(error), variant: 'destructive' }),
                })
              }
            >
              Sign out everywhere else
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** An account made by single sign-on has no password to prove; a reset link sets its first one. */
function NoPasswordCard({ ssoName }: { ssoName: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          You sign in with {ssoName}, so this account has no password. To add one, sign out and use “Forgot password?” on the sign-in page.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** The Security tab of /profile: the password and the sessions of this account. */
export function SecurityPanel() {
  const options = useAuthOptions().data;
  const password = usePasswordStatus().data;
  return (
    <div className="grid gap-6">
      {(options?.passwords ?? true) && password?.set === true && <PasswordCard />}
      {(options?.passwords ?? true) && password?.set === false && <NoPasswordCard ssoName={options?.sso?.name ?? 'single sign-on'} />}
      <SessionsCard />
    </div>
  );
}
