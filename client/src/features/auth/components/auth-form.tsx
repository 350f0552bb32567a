import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorSentence } from '@/lib/error-sentence';
import { useAuthOptions } from '../api/auth-options';
import { useInvitationEmail } from '../api/invitation-email';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { returnPathFromLocation } from '../hooks/use-return-path';
import { AuthCard, FormAlert } from './auth-card';
import { LdapSignInForm } from './ldap-sign-in-form';
import { SsoButton, ssoErrorSentence } from './sso-button';

type Mode = 'login' | 'signup';

/** The refusal sentence the fields point to. */
const AUTH_ERROR_ID = 'auth-error';

export function AuthForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation(['auth', 'common']);
  const [, navigate] = useLocation();
  const loginMutation = useLogin();
  const signupMutation = useSignup();
  const mutation = mode === 'login' ? loginMutation : signupMutation;
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // auth.json's login and signup: title, description, submit and pending.
  const copy = (part: 'title' | 'description' | 'submit' | 'pending') => t(`${mode}.${part}`);
  const next = returnPathFromLocation();
  // Sign-up through an invitation link (/invite/<token> sends the token along): the new account
  // joins that team instead of getting one of its own.
  const invitation = mode === 'signup' ? (new URLSearchParams(window.location.search).get('invitation') ?? undefined) : undefined;
  // The invitation names the address it was sent to: Email starts with it, unless the person typed first.
  const invitedEmail = useInvitationEmail(invitation);
  const [prefilled, setPrefilled] = useState(false);
  if (invitedEmail !== undefined && !prefilled) {
    setPrefilled(true);
    if (email === '') setEmail(invitedEmail);
  }
  const options = useAuthOptions().data;
  const sso = options?.sso ?? null;
  // With OIDC_ONLY there is no password form at all, only the provider's button.
  const passwords = options?.passwords ?? true;
  // The company directory's form (LDAP_URL set) is a sign-in only: its accounts are made at their first sign-in.
  const ldap = mode === 'login' && (options?.ldap ?? false);
  // The server's refusal names the whole form ("Invalid email or password"): every field is marked
  // invalid and described by the sentence (issue 44).
  const invalidWhenRefused = error ? { 'aria-invalid': true, 'aria-describedby': AUTH_ERROR_ID } : {};
  const ssoError = sso ? ssoErrorSentence(new URLSearchParams(window.location.search).get('sso_error'), sso.name) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (mode === 'login') await loginMutation.mutateAsync({ email, password });
      else await signupMutation.mutateAsync({ email, username, password, ...(invitation ? { invitation } : {}) });
      navigate(next, { replace: true });
    } catch (caught) {
      setError(errorSentence(caught, t('common:networkError')));
    }
  }

  // With an invitation, signing in instead returns to the invitation page to join from there.
  const otherHref = invitation
    ? `/login?next=${encodeURIComponent(`/invite/${encodeURIComponent(invitation)}`)}`
    : `${mode === 'login' ? '/signup' : '/login'}?next=${encodeURIComponent(next)}`;
  return (
    <AuthCard title={copy('title')} description={invitation ? t('invited') : copy('description')}>
      <div className="mb-4 grid gap-4 empty:hidden">
        {ssoError && <FormAlert>{ssoError}</FormAlert>}
        {sso && <SsoButton name={sso.name} next={next} />}
        {ldap && <LdapSignInForm next={next} />}
        {(sso || ldap) && passwords && (
          <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" /> {t('or')} <span className="h-px flex-1 bg-slate-200" />
          </p>
        )}
      </div>
      {passwords && (
        <>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate={false}>
            <div className="grid gap-1.5">
              <Label htmlFor="email">{t('email')}</Label>
              <Input id="email" type="email" autoComplete="email" required {...invalidWhenRefused} value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            {mode === 'signup' && (
              <div className="grid gap-1.5">
                <Label htmlFor="username">{t('username')}</Label>
                <Input
                  id="username"
                  {...invalidWhenRefused}
                  autoComplete="username"
                  required
                  minLength={2}
                  maxLength={40}
                  pattern="[A-Za-z0-9._\-]+"
                  title={t('usernameRule')}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
              </div>
            )}
            <div className="grid gap-1.5">
              <div className="flex items-baseline justify-between">
                <Label htmlFor="password">{t('password')}</Label>
                {mode === 'login' && (
                  <Link href="/forgot-password" className="text-xs font-medium text-genie-700 hover:underline">
                    {t('forgotPassword')}
                  </Link>
                )}
              </div>
              <Input
                id="password"
                {...invalidWhenRefused}
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                required
                minLength={mode === 'signup' ? 8 : 1}
                maxLength={256}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {mode === 'signup' && <p className="text-xs text-slate-500">{t('passwordHint')}</p>}
            </div>
            {error && <FormAlert id={AUTH_ERROR_ID}>{error}</FormAlert>}
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? copy('pending') : copy('submit')}
            </Button>
          </form>
          <p className="mt-4 text-center text-sm text-slate-600">
            {mode === 'login' ? t('newToGenie') : t('haveAccount')}
            <Link href={otherHref} className="font-medium text-genie-700 hover:underline">
              {mode === 'login' ? t('createAnAccount') : t('signIn')}
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
