import { useAuthOptions } from '@/features/auth/api/auth-options';
import { usePasswordStatus } from '@/features/auth/api/sessions';
import { SecurityPanel } from '@/features/auth/components/security-panel';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';

import { PlanAndInvoices } from '@/features/billing/components/plan-and-invoices';
import { ApiKeysCard } from '@/features/profile/components/api-keys-card';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import type { EraseConfirmation } from '@/features/profile/components/your-data-card';
import { useTranslation } from '@/lib/i18n/i18n';

const EXTRA_TABS = [
  {
    value: 'security',
    labelKey: 'tabs.security',
    content: (
      <div className="grid gap-6">
        <SecurityPanel />
        <ApiKeysCard />
      </div>
    ),
  },
  // The team's plan, its end and its invoices with printable receipts (issue 41; owners and admins).
  { value: 'plan', labelKey: 'tabs.plan', content: <PlanAndInvoices /> },
];

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const options = useAuthOptions();
  const password = usePasswordStatus();
  // An account without a password (made by single sign-on) confirms its erasure at the provider.
  const sso = options.data?.sso;
  const eraseConfirmation: EraseConfirmation = password.data?.set === false && sso ? { kind: 'sso', name: sso.name } : { kind: 'password' };
  const extraTabs = EXTRA_TABS.map(({ labelKey, ...tab }) => ({ ...tab, label: t(labelKey) }));
  return <ProfileScreen extraTabs={extraTabs} eraseConfirmation={eraseConfirmation} banner={<VerifyEmailBanner />} />;
}
