import { ArrowLeft, Eye, EyeOff, Lock, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAdminLogin } from '../api/login';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useAdminTexts } from '../texts';

/** SPEC §2 /admin/login: both fields required, show/hide toggle, 'Authenticating...' while pending. */
export function AdminLoginForm() {
  const [, navigate] = useLocation();
  const login = useAdminLogin();
  const { t } = useAdminTexts();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const filled = username.trim() !== '' && password !== '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!filled || login.isPending) return;
    try {
      const result = await login.mutateAsync({ username: username.trim(), password });
      toast({ title: t('login.welcome', { username: result.user.username }), description: t('login.welcomeDescription') });
      navigate('/admin', { replace: true });
    } catch {
      toast({ title: t('login.failed'), description: t('login.failedDescription'), variant: 'destructive' });
    }
  }

  return (
    <main className="relative isolate flex min-h-screen flex-col items-center justify-center p-4">
      <div aria-hidden="true" className="fixed-palette absolute inset-0 -z-10 bg-gradient-to-br from-slate-950 via-genie-950 to-genie-800" />
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex h-12 w-12 items-center justify-center rounded-full bg-genie-100 text-genie-700">
            <ShieldCheck className="h-6 w-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-xl">{t('login.title')}</CardTitle>
          <CardDescription>{t('login.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid grid-cols-1 gap-4" onSubmit={onSubmit}>
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor="admin-username">{t('login.username')}</Label>
              <Input id="admin-username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
            </div>
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor="admin-password">{t('login.password')}</Label>
              <div className="relative">
                <Input
                  id="admin-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  required
                  className="pr-10"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <button
                  type="button"
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
                </button>
              </div>
            </div>
            <Button type="submit" disabled={!filled || login.isPending}>
              <Lock aria-hidden="true" />
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
          <Link href="/" className="mt-4 flex items-center justify-center gap-1 text-sm text-genie-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {t('login.backToHome')}
          </Link>
        </CardContent>
      </Card>
      <div className="fixed-palette mt-6 flex flex-col items-center gap-2">
        <p className="max-w-sm text-center text-xs text-genie-200">{t('login.monitored')}</p>
        <ThemeToggle className="text-genie-100 hover:bg-white/10 hover:text-white" />
      </div>
    </main>
  );
}
