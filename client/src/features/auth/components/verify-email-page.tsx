import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { errorSentence } from '@/lib/error-sentence';
import { useVerifyEmail } from '../api/email-verification';
import { AuthCard, FormAlert } from './auth-card';

/** /verify-email?token=…: the page a verification mail links to. It sends the token once, and says what came of it. */
export function VerifyEmailPage() {
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
      (caught: unknown) => setError(errorSentence(caught, 'Network error. Please try again.').replace(/^\w+: /, '')),
    );
  }, [token, verify]);

  if (!token) {
    return (
      <AuthCard title="This link is incomplete" description="Open the link from your verification mail again, whole.">
        <Link href="/profile" className="text-sm font-medium text-genie-700 hover:underline">
          Ask for a new link on your profile
        </Link>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Email verified" description="Genie now knows this address is yours.">
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" /> Your email is verified.
        </p>
        <Link href="/chat" className="mt-4 block text-center text-sm font-medium text-genie-700 hover:underline">
          Go to Genie
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your email" description={error ? 'This link did not work.' : 'One moment…'}>
      {error ? (
        <div className="grid gap-4">
          <FormAlert>{error}</FormAlert>
          <Link href="/profile" className="text-center text-sm font-medium text-genie-700 hover:underline">
            Ask for a new link on your profile
          </Link>
        </div>
      ) : null}
    </AuthCard>
  );
}
