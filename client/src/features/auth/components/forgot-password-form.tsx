import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Trans } from 'react-i18next';
import { errorSentence } from '@/lib/error-sentence';
import { useTranslation } from '@/lib/i18n/i18n';
import { useAuthOptions } from '../api/auth-options';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard, FormAlert } from './auth-card';

/** The operator's command: the same in every language. */
const RESET_COMMAND = 'npm run user -- reset-password you@example.com';

function Back() {
  const { t } = useTranslation('auth');
  return (
    <p className="mt-4 text-center text-sm text-slate-600">
      {t('forgot.remembered')}{' '}
      <Link href="/login" className="font-medium text-genie-700 hover:underline">
        {t('forgot.signIn')}
      </Link>
    </p>
  );
}

/**
 * /forgot-password: asks for the email and sends the link. Without mail (SMTP_URL unset) nothing
 * could reach the person, so the page says who can help instead of pretending to send.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const options = useAuthOptions();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setSent((await request.mutateAsync({ email })).message);
    } catch (caught) {
      setError(errorSentence(caught, t('common:networkError')));
    }
  }

  if (options.isPending) {
    return (
      <AuthCard title={t('forgot.title')} description={t('forgot.checking')}>
        <Spinner className="mx-auto h-6 w-6" />
      </AuthCard>
    );
  }

  if (options.data && !options.data.passwords) {
    const name = options.data.sso?.name ?? t('forgot.singleSignOn');
    return (
      <AuthCard title={t('forgot.noPassword')} description={t('forgot.signsInWith', { name })}>
        <Back />
      </AuthCard>
    );
  }

  if (options.data?.passwordReset === 'operator') {
    return (
      <AuthCard title={t('forgot.title')} description={t('forgot.noMail')}>
        <div className="grid gap-3 text-sm text-slate-700">
          <p>{t('forgot.askOperator')}</p>
          <pre className="whitespace-pre-wrap break-all rounded-lg bg-slate-900 px-3 py-2 text-xs text-slate-100">
            <code>{RESET_COMMAND}</code>
          </pre>
          <p>{t('forgot.printsOnce')}</p>
        </div>
        <Back />
      </AuthCard>
    );
  }

  if (sent) {
    return (
      <AuthCard title={t('forgot.checkMail')} description={sent}>
        <div className="flex items-start gap-3 rounded-lg bg-genie-50 px-3 py-3 text-sm text-genie-900">
          <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p role="status">
            <Trans t={t} i18nKey="forgot.sentTo" values={{ email: email.trim().toLowerCase() }} components={[<strong key="email" className="break-all" />]} />
          </p>
        </div>
        <Back />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} description={t('forgot.enterEmail')}>
      <form className="grid gap-4" onSubmit={onSubmit}>
        <div className="grid gap-1.5">
          <Label htmlFor="email">{t('forgot.email')}</Label>
          <Input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? t('forgot.sending') : t('forgot.send')}
        </Button>
      </form>
      <Back />
    </AuthCard>
  );
}
