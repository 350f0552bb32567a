import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorSentence } from '@/lib/error-sentence';
import { useLdapLogin } from '../api/ldap-login';
import { FormAlert } from './auth-card';

/**
 * "Sign in with your company account" (shown when /api/auth/options says ldap): the directory's
 * user name or email and its password, checked by the company directory, not stored by Genie.
 */
export function LdapSignInForm({ next }: { next: string }) {
  const [, navigate] = useLocation();
  const mutation = useLdapLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await mutation.mutateAsync({ username, password });
      navigate(next, { replace: true });
    } catch (caught) {
      setError(errorSentence(caught, 'Network error. Please try again.'));
    }
  }

  return (
    <form className="grid gap-4 rounded-lg border border-slate-200 p-4" onSubmit={onSubmit} aria-labelledby="ldap-heading">
      <h2 id="ldap-heading" className="text-sm font-semibold text-slate-900">
        Sign in with your company account
      </h2>
      <div className="grid gap-1.5">
        <Label htmlFor="ldap-username">Company user name or email</Label>
        <Input id="ldap-username" autoComplete="username" required maxLength={256} value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ldap-password">Company password</Label>
        <Input id="ldap-password" type="password" autoComplete="current-password" required maxLength={256} value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" variant="outline" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign in with your company account'}
      </Button>
    </form>
  );
}
