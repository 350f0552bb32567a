import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { errorSentence } from '@/lib/error-sentence';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthCard, FormAlert } from './auth-card';
import { NewPasswordFields, PASSWORDS_DIFFER } from './new-password-fields';

/** /reset-password?token=…: the page a reset mail links to. The token never leaves this page but to the API. */
export function ResetPasswordForm() {
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
      setError(PASSWORDS_DIFFER);
      return;
    }
    try {
      await confirm.mutateAsync({ token, newPassword: password });
      setDone(true);
    } catch (caught) {
      setError(errorSentence(caught, 'Network error. Please try again.').replace(/^\w+: /, ''));
    }
  }

  if (!token) {
    return (
      <AuthCard title="This link is incomplete" description="Open the link from your reset mail again, whole, or ask for a new one.">
        <Link href="/forgot-password" className="text-sm font-medium text-genie-700 hover:underline">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password changed" description="You were signed out everywhere. Sign in with your new password.">
        <div className="grid gap-4">
          <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
            <CheckCircle2 aria-hidden="true" className="h-5 w-5" /> Your new password is set.
          </p>
          <Link href="/login" className="text-center text-sm font-medium text-genie-700 hover:underline">
            Sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="At least 8 characters. A short phrase works well.">
      <form className="grid gap-4" onSubmit={onSubmit}>
        <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
        {error && (
          <FormAlert>
            {error}{' '}
            {/expired|used/.test(error) && (
              <Link href="/forgot-password" className="font-medium underline">
                Get a new link
              </Link>
            )}
          </FormAlert>
        )}
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
