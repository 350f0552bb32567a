import { KeyRound } from 'lucide-react';
import { INACTIVE_ACCOUNT_MESSAGES } from '@contract/accounts';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';

/** Why the provider's sign-in did not work, from /login?sso_error=<reason> (oidc.routes.ts). */
const SSO_ERRORS: Record<string, (name: string) => string> = {
  unverified: (name) => `${name} has not verified your email address, so Genie cannot match it to an account. Verify it with ${name}, then try again.`,
  unverified_account: (name) =>
    `A Genie account with your email already exists, and its email has not been verified. Sign in to it with its password and verify its email (the banner on your profile resends the link); then Sign in with ${name} works.`,
  no_email: (name) => `${name} did not share your email address with Genie. Ask your administrator to allow the email scope.`,
  seats: () => 'Your organisation’s Genie team has no free seat. Ask its owner to upgrade the plan or free a seat.',
  state: () => 'That sign-in did not start in this browser. Please try again.',
  expired: () => 'That sign-in took too long or did not start here. Please try again.',
  denied: (name) => `${name} did not let you sign in. Try again, or ask your administrator.`,
  failed: (name) => `Genie could not confirm your sign-in with ${name}. Please try again.`,
  unavailable: (name) => `${name} cannot be reached right now. Please try again in a moment.`,
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
  return (
    <a href={`/api/auth/oidc/start?next=${encodeURIComponent(next)}`} className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}>
      <KeyRound aria-hidden="true" className="h-4 w-4" />
      Sign in with {name}
    </a>
  );
}
