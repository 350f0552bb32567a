import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorSentence } from '@/lib/error-sentence';
import { useAuthOptions } from '../api/auth-options';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard, FormAlert } from './auth-card';

const BACK = (
  <p className="mt-4 text-center text-sm text-slate-600">
    Remembered it?{' '}
    <Link href="/login" className="font-medium text-genie-700 hover:underline">
      Sign in
    </Link>
  </p>
);

/**
 * /forgot-password: asks for the email and sends the link. Without mail (SMTP_URL unset) nothing
 * could reach the person, so the page says who can help instead of pretending to send.
 */
export function ForgotPasswordForm() {
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
      setError(errorSentence(caught, 'Network error. Please try again.'));
    }
  }

  if (options.isPending) {
    return (
      <AuthCard title="Forgot your password?" description="Checking how this Genie resets passwords...">
        <Spinner className="mx-auto h-6 w-6" />
      </AuthCard>
    );
  }

  if (options.data && !options.data.passwords) {
    const name = options.data.sso?.name ?? 'single sign-on';
    return (
      <AuthCard title="No password here" description={`This Genie signs everyone in with ${name}. Reset your password there.`}>
        {BACK}
      </AuthCard>
    );
  }

  if (options.data?.passwordReset === 'operator') {
    return (
      <AuthCard title="Forgot your password?" description="This Genie does not send mail, so a reset link cannot reach you.">
        <div className="grid gap-3 text-sm text-slate-700">
          <p>Ask the person who runs this Genie to reset it for you. On the server they run:</p>
          <pre className="whitespace-pre-wrap break-all rounded-lg bg-slate-900 px-3 py-2 text-xs text-slate-100">
            <code>npm run user -- reset-password you@example.com</code>
          </pre>
          <p>It prints a new password once; change it on your profile’s Security tab after signing in.</p>
        </div>
        {BACK}
      </AuthCard>
    );
  }

  if (sent) {
    return (
      <AuthCard title="Check your mail" description={sent}>
        <div className="flex items-start gap-3 rounded-lg bg-genie-50 px-3 py-3 text-sm text-genie-900">
          <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p role="status">
            We sent it to <strong className="break-all">{email.trim().toLowerCase()}</strong> if an account uses it. No mail after a few minutes? Look in spam, or
            ask again.
          </p>
        </div>
        {BACK}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter your account’s email and we will send you a link to choose a new one.">
      <form className="grid gap-4" onSubmit={onSubmit}>
        <div className="grid gap-1.5">
          <Label htmlFor="email">Email</Label>
          <Input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      {BACK}
    </AuthCard>
  );
}
