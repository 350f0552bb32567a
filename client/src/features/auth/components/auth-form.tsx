import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorSentence } from '@/lib/error-sentence';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { returnPathFromLocation } from '../hooks/use-return-path';
import { ThemeToggle } from '@/components/ui/theme-toggle';

type Mode = 'login' | 'signup';

const COPY = {
  login: { title: 'Welcome back', description: 'Sign in to your private assistant.', submit: 'Sign in', pending: 'Signing in...' },
  signup: { title: 'Create your account', description: 'Your conversations and files stay yours.', submit: 'Create account', pending: 'Creating account...' },
} as const;

export function AuthForm({ mode }: { mode: Mode }) {
  const [, navigate] = useLocation();
  const loginMutation = useLogin();
  const signupMutation = useSignup();
  const mutation = mode === 'login' ? loginMutation : signupMutation;
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const copy = COPY[mode];
  const next = returnPathFromLocation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (mode === 'login') await loginMutation.mutateAsync({ email, password });
      else await signupMutation.mutateAsync({ email, username, password });
      navigate(next, { replace: true });
    } catch (caught) {
      setError(errorSentence(caught, 'Network error. Please try again.'));
    }
  }

  const otherHref = `${mode === 'login' ? '/signup' : '/login'}?next=${encodeURIComponent(next)}`;
  return (
    <main className="relative isolate flex min-h-screen flex-col items-center justify-center gap-5 p-4">
      <div aria-hidden="true" className="fixed-palette absolute inset-0 -z-10 bg-gradient-to-br from-genie-950 via-genie-800 to-indigo-700" />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <Link
            href="/"
            className="mb-2 grid h-10 w-10 place-items-center rounded-xl bg-gradient-to-br from-genie-500 to-indigo-600 text-xl shadow-sm"
            aria-label="Genie home"
          >
            <span aria-hidden="true">🧞</span>
          </Link>
          <CardTitle className="text-xl">{copy.title}</CardTitle>
          <CardDescription>{copy.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate={false}>
            <div className="grid gap-1.5">
              <Label htmlFor="email">Email</Label>
              <Input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            {mode === 'signup' && (
              <div className="grid gap-1.5">
                <Label htmlFor="username">Username</Label>
                <Input
                  id="username"
                  autoComplete="username"
                  required
                  minLength={2}
                  maxLength={40}
                  pattern="[A-Za-z0-9._\-]+"
                  title="Letters, digits, dots, dashes and underscores"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
              </div>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="password">Password</Label>
              <Input
                id="password"
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                required
                minLength={mode === 'signup' ? 8 : 1}
                maxLength={256}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {mode === 'signup' && <p className="text-xs text-slate-500">At least 8 characters. A short phrase works well.</p>}
            </div>
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            )}
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? copy.pending : copy.submit}
            </Button>
          </form>
          <p className="mt-4 text-center text-sm text-slate-600">
            {mode === 'login' ? 'New to Genie? ' : 'Already have an account? '}
            <Link href={otherHref} className="font-medium text-genie-700 hover:underline">
              {mode === 'login' ? 'Create an account' : 'Sign in'}
            </Link>
          </p>
        </CardContent>
      </Card>
      <div className="fixed-palette flex items-center gap-2">
        <Link href="/" className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-genie-100 hover:text-white hover:underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to home
        </Link>
        <ThemeToggle className="text-genie-100 hover:bg-white/10 hover:text-white" />
      </div>
    </main>
  );
}
