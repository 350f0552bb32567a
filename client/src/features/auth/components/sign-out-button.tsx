import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useTranslation } from '@/lib/i18n/i18n';
import { useLogout } from '../api/logout';

/** Ends the session on the server, then goes to the landing page. */
export function SignOutButton({ confirmText, children, ...props }: ButtonProps & { confirmText?: string }) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const [, navigate] = useLocation();
  async function onClick() {
    if (confirmText && !window.confirm(confirmText)) return;
    try {
      await logout.mutateAsync();
      navigate('/');
    } catch {
      toast({ title: t('signOut.failed'), description: t('signOut.tryAgain'), variant: 'destructive' });
    }
  }
  return (
    <Button variant="ghost" onClick={onClick} disabled={logout.isPending} {...props}>
      {children ?? (
        <>
          <LogOut aria-hidden="true" /> {t('signOut.button')}
        </>
      )}
    </Button>
  );
}
