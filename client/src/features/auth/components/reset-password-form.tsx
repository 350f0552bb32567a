import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { errorSentence } from '@/lib/error-sentence';
import { useTranslation } from '@/lib/i18n/i18n';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthCard, FormAlert } from './auth-card';
import { NewPasswordFields, passwordsDiffer } from './new-password-fields';

/** /reset-password?token=…: the page a reset mail links to. The token never leaves this page but to the API. */
export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const confirm = useConfirmPasswordReset();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password !== repeat) {
      setError(passwordsDiffer());
      return;
    }
    try {
      await confirm.mutateAsync({ token, newPassword: password });
      setDone(true);
    } catch (caught) {
      setError(errorSentence(caught, t('common:networkError')).replace(/^\w+: /, ''));
    }
  }

  if (!token) {
    return (
      <AuthCard title={t('reset.incomplete')} description={t('reset.incompleteText')}>
        <Link href="/forgot-password" className="text-sm font-medium text-genie-700 hover:underline">
          {t('reset.askNew')}
        </Link>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t('reset.changed')} description={t('reset.changedText')}>
        <div className="grid gap-4">
          <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
            <CheckCircle2 aria-hidden="true" className="h-5 w-5" /> {t('reset.isSet')}
          </p>
          <Link href="/login" className="text-center text-sm font-medium text-genie-700 hover:underline">
            {t('reset.signIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} description={t('passwordHint')}>
      <form className="grid gap-4" onSubmit={onSubmit}>
        <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
        {error && (
          <FormAlert>
            {error}{' '}
            {/expired|used/.test(error) && (
              <Link href="/forgot-password" className="font-medium underline">
                {t('reset.getNew')}
              </Link>
            )}
          </FormAlert>
        )}
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
