import { LogOut } from 'lucide-react';
import { SkipLink } from '@/components/ui/skip-link';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { SimpleDashboard } from '@/features/dashboard/components/simple-dashboard';

// SPEC §2: a static dashboard with no server calls, except that Logout really ends the session.
export default function AppDashboardPage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <DashboardHeader
        logout={
          <SignOutButton confirmText="Logout?" size="sm">
            <LogOut aria-hidden="true" /> Logout
          </SignOutButton>
        }
      />
      <main id="main" tabIndex={-1} className="outline-none">
        <SimpleDashboard />
      </main>
    </div>
  );
}
