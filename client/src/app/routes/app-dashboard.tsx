import { LogOut } from 'lucide-react';
import { SkipLink } from '@/components/ui/skip-link';
import { AccountArea } from '@/features/auth/components/account-area';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { SimpleDashboard } from '@/features/dashboard/components/simple-dashboard';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useOffersUpgrade, useSessionUser, type SessionState } from '@/lib/session-user';

/**
 * SPEC §2's Logout, for a signed-in user only (issue 18: a visitor was shown "Logout"); a visitor
 * gets Sign in and Get started. Knowing which takes one GET /api/auth/me, the dashboard's only
 * server call besides Logout itself and, for a signed-in user, the plan that decides whether Upgrade
 * shows (docs/spec-deviations.md).
 */
function DashboardAccount({ session }: { session: SessionState }) {
  const { t } = useDashboardTexts();
  return (
    <>
      <AccountArea tone="light" />
      {session.status === 'signed-in' && (
        <SignOutButton confirmText={t('header.logoutConfirm')} size="sm">
          <LogOut aria-hidden="true" /> {t('header.logout')}
        </SignOutButton>
      )}
    </>
  );
}

// SPEC §2: a static dashboard; its content makes no server calls.
export default function AppDashboardPage() {
  const session = useSessionUser();
  const offerUpgrade = useOffersUpgrade(session);
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <DashboardHeader logout={<DashboardAccount session={session} />} offerUpgrade={offerUpgrade} />
      <main id="main" tabIndex={-1} className="outline-none">
        <SimpleDashboard />
      </main>
    </div>
  );
}
