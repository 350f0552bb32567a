import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorSentence } from '@/lib/error-sentence';
import { useMe } from '@/lib/current-user';
import { useTranslation } from '@/lib/i18n/i18n';
import { useAuthOptions } from '../api/auth-options';
import { useResendVerification } from '../api/email-verification';

/** A small note for an account whose email is not verified yet, with "Resend" (nothing once it is). */
export function VerifyEmailBanner() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const resend = useResendVerification();
  const options = useAuthOptions();
  const user = me.data?.user;
  if (!user || user.emailVerified) return null;
  // Without mail (no SMTP_URL or no PUBLIC_URL) no link was sent and none can be: say so, offer no Resend.
  const canMail = options.data?.passwordReset === 'mail';
  const said = resend.isSuccess ? resend.data.message : resend.isError ? errorSentence(resend.error, t('common:networkError')).replace(/^\w+: /, '') : null;
  return (
    <div role="note" className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Mail aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1">
        {canMail ? t('verify.bannerMail', { email: user.email }) : t('verify.bannerNoMail', { email: user.email })}
        {said && <span className="mt-1 block" role="status">{said}</span>}
      </p>
      {canMail && (
        <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {t('verify.resend')}
        </Button>
      )}
    </div>
  );
}
