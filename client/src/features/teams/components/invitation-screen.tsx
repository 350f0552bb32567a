import { AlertCircle, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/current-user';
import { errorSentence } from '@/lib/error-sentence';
import { HttpError } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { formatDate, roleWithArticle } from '../lib/format';
import { useTeamsTexts } from '../texts';

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTeamsTexts();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-5 bg-gradient-to-br from-genie-950 via-genie-800 to-indigo-700 p-4">
      <Card className="w-full max-w-md">{children}</Card>
      <Link href="/" className="rounded-lg px-2 py-1 text-sm font-medium text-genie-100 hover:text-white hover:underline">
        {t('common:genieHome')}
      </Link>
    </main>
  );
}

/**
 * /invite/<token>: what the visitor is invited to, then one way in. A visitor signs up (the token
 * goes with the sign-up, which joins the team) or signs in and comes back here; a signed-in user
 * joins with one click.
 */
export function InvitationScreen({ token }: { token: string }) {
  const { t } = useTeamsTexts();
  const [, navigate] = useLocation();
  const invitation = useInvitation(token);
  const me = useMe();
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);

  if (invitation.isPending || me.isPending) {
    return (
      <Frame>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-slate-600" role="status">
          <Spinner className="h-8 w-8" />
          <p>{t('invitation.opening')}</p>
        </CardContent>
      </Frame>
    );
  }

  if (invitation.isError) {
    const gone = invitation.error instanceof HttpError && invitation.error.status === 404;
    return (
      <Frame>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
          <p className="font-semibold text-slate-900">{gone ? t('invitation.gone') : t('invitation.failed')}</p>
          <p className="text-sm text-slate-600">
            {gone ? t('invitation.goneText') : errorSentence(invitation.error, t('common:networkError'))}
          </p>
          {!gone && (
            <Button variant="outline" onClick={() => void invitation.refetch()}>
              {t('tryAgain')}
            </Button>
          )}
        </CardContent>
      </Frame>
    );
  }

  const { teamName, invitedBy, role, email, expiresAt } = invitation.data;
  const here = `/invite/${encodeURIComponent(token)}`;
  const user = me.data?.user;
  return (
    <Frame>
      <CardHeader>
        <div aria-hidden="true" className="mb-2 grid h-10 w-10 place-items-center rounded-xl bg-gradient-to-br from-genie-500 to-indigo-600 text-white shadow-sm">
          <Users className="h-5 w-5" />
        </div>
        <CardTitle className="text-xl [overflow-wrap:anywhere]">{t('invitation.title', { team: teamName })}</CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">
          {t('invitation.invited', { inviter: invitedBy ?? t('invitation.someone'), email, role: roleWithArticle(role), date: formatDate(expiresAt) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-600">{t('invitation.share')}</p>
        {user ? (
          <>
            <p className="text-sm text-slate-600">
              <Trans t={t} i18nKey="invitation.signedInAs" values={{ name: user.username }} components={{ name: <span className="font-medium text-slate-900" /> }} />
            </p>
            <Button
              disabled={accept.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await accept.mutateAsync(token);
                  navigate('/team');
                } catch (caught) {
                  setError(errorSentence(caught, t('common:networkError')));
                }
              }}
            >
              {accept.isPending ? t('invitation.joining') : t('invitation.join', { team: teamName })}
            </Button>
          </>
        ) : (
          <>
            <Link
              href={`/signup?invitation=${encodeURIComponent(token)}&next=${encodeURIComponent('/team')}`}
              className={cn(buttonVariants({ variant: 'default' }))}
            >
              {t('invitation.signUp')}
            </Link>
            <Link href={`/login?next=${encodeURIComponent(here)}`} className={cn(buttonVariants({ variant: 'outline' }))}>
              {t('invitation.signIn')}
            </Link>
          </>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </CardContent>
    </Frame>
  );
}
