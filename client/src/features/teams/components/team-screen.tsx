import { AlertCircle, ArrowLeft, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useMe } from '@/lib/current-user';
import { cn } from '@/lib/utils';
import { useTeam } from '../api/get-team';
import { useTeamsTexts } from '../texts';
import { AuditSection } from './audit-section';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { PolicySection } from './policy-section';
import { UsageSection } from './usage-section';
import { TeamSummary } from './team-summary';
import { SkipLink } from '@/components/ui/skip-link';

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTeamsTexts();
  return (
    <div className="min-h-screen bg-gradient-to-b from-genie-50 via-slate-50 to-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-10 border-b border-slate-200/80 bg-white/85 backdrop-blur">
        <div className="mx-auto grid h-14 max-w-3xl grid-cols-[1fr_auto_1fr] items-center gap-3 px-4 sm:px-6">
          <Link href="/chat" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2 justify-self-start text-slate-700')}>
            <ArrowLeft aria-hidden="true" />
            {t('backToChat')}
          </Link>
          <span className="hidden text-sm font-semibold text-slate-900 sm:block">{t('team')}</span>
          <span className="sm:hidden" />
          {/* Every header has the theme switch (README "Dark mode"); /team had none (issue 42). */}
          <div className="flex items-center gap-1 justify-self-end">
            <ThemeToggle className="text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
            <Link href="/profile" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-mr-2 text-slate-700')}>
              <User aria-hidden="true" />
              {t('profile')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid max-w-3xl grid-cols-1 gap-5 px-4 pb-16 pt-6 outline-none sm:px-6 sm:pt-10">{children}</main>
    </div>
  );
}

/**
 * /team (issue 15): the caller's team, its members and, for owners and admins, invitations.
 * `billing`: the plan and invoices section another feature draws (app/routes/team.tsx), for owners and admins.
 */
export function TeamScreen({ billing }: { billing?: ReactNode } = {}) {
  const { t } = useTeamsTexts();
  const team = useTeam();
  const me = useMe();

  if (team.isPending || me.isPending) {
    return (
      <Shell>
        <div className="flex flex-col items-center justify-center gap-3 py-24 text-slate-600" role="status">
          <Spinner className="h-8 w-8" />
          <p>{t('loading')}</p>
        </div>
      </Shell>
    );
  }

  if (team.isError || !me.data) {
    return (
      <Shell>
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center" role="alert">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
          <p className="font-medium text-slate-900">{t('loadFailed')}</p>
          <p className="text-sm text-slate-500">{team.error?.message}</p>
          <Button variant="outline" onClick={() => void team.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      </Shell>
    );
  }

  const data = team.data;
  const userId = me.data.user.id;
  const role = data.members.find((m) => m.userId === userId)?.role ?? 'member';
  const canManage = role === 'owner' || role === 'admin';
  return (
    <Shell>
      <TeamSummary team={data} canManage={canManage} />
      <MemberList team={data} me={{ userId, role }} />
      {canManage && billing}
      {canManage && <InviteForm team={data} />}
      {canManage && <InvitationList team={data} />}
      <PolicySection />
      {canManage && <UsageSection />}
      {canManage && <AuditSection team={data} />}
    </Shell>
  );
}
