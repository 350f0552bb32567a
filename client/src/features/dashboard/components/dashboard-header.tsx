import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useDashboardTexts } from '../texts';

/** SPEC §2: the header with Upgrade and Logout (the page passes the Logout button in); no Upgrade for a team on Pro or Enterprise (issue 42). */
export function DashboardHeader({ logout, offerUpgrade = true }: { logout: ReactNode; offerUpgrade?: boolean }) {
  const { t } = useDashboardTexts();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight" aria-label={t('common:genieHome')}>
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-genie-500 to-indigo-600 text-base">
            🧞
          </span>
          <span aria-hidden="true">Genie</span>
        </Link>
        <nav aria-label={t('header.account')} className="flex items-center gap-2">
          <ThemeToggle className="text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
          {offerUpgrade && (
            <Link href="/premium" className={cn(buttonVariants({ size: 'sm' }), 'bg-gradient-to-r from-amber-300 to-orange-400 font-semibold text-amber-950 hover:from-amber-400 hover:to-orange-500')}>
              <Crown aria-hidden="true" /> {t('header.upgrade')}
            </Link>
          )}
          {logout}
        </nav>
      </div>
    </header>
  );
}
