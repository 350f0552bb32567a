import { ArrowLeft, Crown, Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';
import { ThemeToggle } from '@/components/ui/theme-toggle';

/** SPEC §2 /profile header: back to chat, and the Premium badge or an Upgrade link. */
export function ProfileHeader({ isPremium }: { isPremium: boolean | undefined }) {
  const { t } = useTranslation('profile');
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200/80 bg-white/85 backdrop-blur">
      {/* A row on a phone, three columns from sm: the empty middle column's gaps cut the badge at 320 px (issue 44). */}
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4 sm:grid sm:grid-cols-[1fr_auto_1fr] sm:px-6">
        <Link href="/chat" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2 justify-self-start text-slate-700')}>
          <ArrowLeft aria-hidden="true" />
          {t('header.backToChat')}
        </Link>
        <span className="hidden text-sm font-semibold text-slate-900 sm:block">{t('header.yourProfile')}</span>
        <div className="flex items-center gap-1 justify-self-end sm:gap-2">
        <ThemeToggle className="text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
        {isPremium === undefined ? (
          <span />
        ) : isPremium ? (
          <Badge variant="pro" className="gap-1 justify-self-end px-3 py-1 text-sm">
            <Crown aria-hidden="true" className="h-3.5 w-3.5" />
            {t('header.premium')}
          </Badge>
        ) : (
          <Link
            href="/premium"
            className={cn(buttonVariants({ size: 'sm' }), 'justify-self-end bg-gradient-to-r from-genie-600 to-indigo-600 shadow-sm hover:from-genie-700 hover:to-indigo-700')}
          >
            <Sparkles aria-hidden="true" />
            {t('header.upgrade')}
          </Link>
        )}
        </div>
      </div>
    </header>
  );
}
