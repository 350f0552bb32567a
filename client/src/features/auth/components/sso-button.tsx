import { KeyRound } from 'lucide-react';
import { INACTIVE_ACCOUNT_MESSAGES } from '@contract/accounts';
import { buttonVariants } from '@/components/ui/button-variants';
import { i18n, useTranslation } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

/** Why the provider's sign-in did not work, from /login?sso_error=<reason> (oidc.routes.ts). */
// Each sentence is auth:sso.<reason> in the page's language, read when the page is drawn.
const said = (reason: string) => (name: string) => i18n.t(`auth:sso.${reason}`, { name });
const SSO_ERRORS: Record<string, (name: string) => string> = {
  unverified: said('unverified'),
  unverified_account: said('unverified_account'),
  no_email: said('no_email'),
  seats: said('seats'),
  state: said('state'),
  expired: said('expired'),
  denied: said('denied'),
  failed: said('failed'),
  unavailable: said('unavailable'),
  // The very sentences a password sign-in gets for these accounts.
  suspended: () => INACTIVE_ACCOUNT_MESSAGES.suspended,
  erasing: () => INACTIVE_ACCOUNT_MESSAGES.erasing,
};

export function ssoErrorSentence(reason: string | null, name: string): string | null {
  if (!reason) return null;
  return (SSO_ERRORS[reason] ?? SSO_ERRORS.failed!)(name);
}

/** "Sign in with <name>": a plain link, since the flow is a chain of page loads through the provider. */
export function SsoButton({ name, next }: { name: string; next: string }) {
  const { t } = useTranslation('auth');
  return (
    <a href={`/api/auth/oidc/start?next=${encodeURIComponent(next)}`} className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}>
      <KeyRound aria-hidden="true" className="h-4 w-4" />
      {t('sso.signInWith', { name })}
    </a>
  );
}
