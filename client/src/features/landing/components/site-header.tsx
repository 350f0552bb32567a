import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import { ThemeToggle } from '@/components/ui/theme-toggle';

/** SPEC §2: the header anchors, in order. */
export const SECTION_LINKS = [
  { href: '#why', label: 'nav.why' },
  { href: '#use-cases', label: 'nav.useCases' },
  { href: '#security', label: 'nav.security' },
  { href: '#pricing', label: 'nav.pricing' },
  { href: '#faq', label: 'nav.faq' },
] as const;

/** `wordClassName`: the word "Genie" beside the mark (the site header hides it below 360 px). */
export function GenieLogo({ className, wordClassName }: { className?: string; wordClassName?: string }) {
  return (
    <span className={clsx('flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-genie-500 to-indigo-600 text-base shadow-sm">
        🧞
      </span>
      <span className={wordClassName}>Genie</span>
    </span>
  );
}

/** `account`: the page's Sign in link or account menu (features/auth), before Get started. */
export function SiteHeader({ account }: { account?: ReactNode }) {
  const { t } = useTranslation(['landing', 'common']);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="fixed-palette sticky top-0 z-40 border-b border-white/10 bg-genie-950/85 text-white backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-3 min-[360px]:gap-2 min-[360px]:px-4 sm:gap-4 sm:px-6">
        <a href="#top" className="rounded-lg" aria-label={t('nav.backToTop')}>
          {/* At 320 px the word left no room for the menu button (issue 44); the link's name still says Genie. */}
          <GenieLogo wordClassName="max-[359px]:sr-only" />
        </a>
        <nav aria-label={t('nav.sections')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="rounded-lg px-3 py-2 text-sm font-medium text-genie-100 transition-colors hover:bg-white/10 hover:text-white">
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Tighter on a phone: the theme switch and Sign in sit beside Get started and the menu in 390 px. */}
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle className="text-genie-100 hover:bg-white/10 hover:text-white" />
          <Link href="/app" className="hidden rounded-lg px-3 py-2 text-sm font-medium text-genie-100 hover:bg-white/10 hover:text-white sm:inline-flex">
            {t('common:dashboard')}
          </Link>
          {account}
          <Link href="/premium" className={buttonVariants({ size: 'sm', variant: 'inverse', className: 'shadow-sm' })}>
            {t('common:getStarted')}
          </Link>
          <button
            type="button"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-white hover:bg-white/10 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-sections"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-sections" aria-label={t('nav.sectionsMenu')} className="border-t border-white/10 px-4 pb-4 lg:hidden">
          <ul className="grid gap-1 pt-2">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} onClick={close} className="block rounded-lg px-3 py-2.5 text-base font-medium text-genie-50 hover:bg-white/10">
                  {t(link.label)}
                </a>
              </li>
            ))}
            <li>
              <Link href="/app" onClick={close} className="block rounded-lg px-3 py-2.5 text-base font-medium text-genie-50 hover:bg-white/10">
                {t('common:dashboard')}
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
