import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { errorSentence } from '@/lib/error-sentence';
import { i18n, useTranslation } from '@/lib/i18n/i18n';
import { useVerifyEmail } from '../api/email-verification';
import { AuthCard, FormAlert } from './auth-card';

/** /verify-email?token=…: the page a verification mail links to. It sends the token once, and says what came of it. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const verify = useVerifyEmail();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutateAsync(token).then(
      () => setDone(true),
      (caught: unknown) => setError(errorSentence(caught, i18n.t('common:networkError')).replace(/^\w+: /, '')),
    );
  }, [token, verify]);

  if (!token) {
    return (
      <AuthCard title={t('verify.incomplete')} description={t('verify.incompleteText')}>
        <Link href="/profile" className="text-sm font-medium text-genie-700 hover:underline">
          {t('verify.askNew')}
        </Link>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t('verify.verified')} description={t('verify.verifiedText')}>
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" /> {t('verify.isVerified')}
        </p>
        <Link href="/chat" className="mt-4 block text-center text-sm font-medium text-genie-700 hover:underline">
          {t('verify.goToGenie')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('verify.verifying')} description={error ? t('verify.didNotWork') : t('verify.oneMoment')}>
      {error ? (
        <div className="grid gap-4">
          <FormAlert>{error}</FormAlert>
          <Link href="/profile" className="text-center text-sm font-medium text-genie-700 hover:underline">
            {t('verify.askNew')}
          </Link>
        </div>
      ) : null}
    </AuthCard>
  );
}
