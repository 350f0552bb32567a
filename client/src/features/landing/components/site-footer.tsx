import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/language-select';
import { GenieLogo } from './site-header';

/** SPEC §2: the footer's Security, Pricing and Contact links. */
export function SiteFooter() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <footer className="fixed-palette bg-genie-950 text-genie-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <GenieLogo className="text-white" />
          <p className="mt-3 max-w-sm text-sm text-genie-200/80">{t('footer.tagline')}</p>
          <LanguageSelect className="mt-4 text-genie-100 [&_select]:text-slate-900" />
        </div>
        <nav aria-label={t('nav.footer')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium">
            <li>
              <a href="#security" className="hover:text-white">
                {t('nav.security')}
              </a>
            </li>
            <li>
              <a href="#pricing" className="hover:text-white">
                {t('nav.pricing')}
              </a>
            </li>
            <li>
              <a href="#contact" className="hover:text-white">
                {t('nav.contact')}
              </a>
            </li>
            <li>
              <Link href="/app" className="hover:text-white">
                {t('common:dashboard')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-6 text-center text-xs text-genie-300/70">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
