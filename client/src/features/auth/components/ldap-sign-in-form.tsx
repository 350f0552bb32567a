import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorSentence } from '@/lib/error-sentence';
import { useTranslation } from '@/lib/i18n/i18n';
import { useLdapLogin } from '../api/ldap-login';
import { FormAlert } from './auth-card';

/**
 * "Sign in with your company account" (shown when /api/auth/options says ldap): the directory's
 * user name or email and its password, checked by the company directory, not stored by Genie.
 */
export function LdapSignInForm({ next }: { next: string }) {
  const { t } = useTranslation('auth');
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
      setError(errorSentence(caught, t('common:networkError')));
    }
  }

  return (
    <form className="grid gap-4 rounded-lg border border-slate-200 p-4" onSubmit={onSubmit} aria-labelledby="ldap-heading">
      <h2 id="ldap-heading" className="text-sm font-semibold text-slate-900">
        {t('ldap.title')}
      </h2>
      <div className="grid gap-1.5">
        <Label htmlFor="ldap-username">{t('ldap.username')}</Label>
        <Input id="ldap-username" autoComplete="username" required maxLength={256} value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ldap-password">{t('ldap.password')}</Label>
        <Input id="ldap-password" type="password" autoComplete="current-password" required maxLength={256} value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" variant="outline" disabled={mutation.isPending}>
        {mutation.isPending ? t('ldap.pending') : t('ldap.title')}
      </Button>
    </form>
  );
}
