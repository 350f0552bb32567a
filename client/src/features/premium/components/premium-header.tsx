import { ArrowLeft, LayoutDashboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/ui/theme-toggle';

/** SPEC §2 /premium: links back to / and /app. */
/** `account`: the page's Sign in / Get started or account menu (features/auth). */
export function PremiumHeader({ account }: { account?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <header className="fixed-palette mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-5 text-white sm:gap-4 sm:px-6">
      {/* On a phone the two links show short (Home, an icon) so the account corner fits beside them. */}
      <Link href="/" className="inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-2 py-1.5 text-sm font-medium text-genie-100 hover:bg-white/10 hover:text-white">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('backToHome')}</span>
        <span aria-hidden="true" className="sm:hidden">
          {t('home')}
        </span>
      </Link>
      <div className="flex items-center gap-1">
        {/* Not on a phone: at 320 px it left no room for the account corner (the landing page's footer has one); its word "Language" only from 1024 px (200% zoom of a laptop). */}
        <LanguageSelect className="text-sm text-genie-100 max-sm:hidden max-lg:[&_label]:sr-only [&_select]:h-9 [&_select]:text-slate-900" />
        <ThemeToggle className="text-genie-100 hover:bg-white/10 hover:text-white" />
        <Link href="/app" className="inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-genie-100 hover:bg-white/10 hover:text-white">
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
          <span className="max-sm:sr-only">{t('dashboard')}</span>
        </Link>
        {account}
      </div>
    </header>
  );
}
