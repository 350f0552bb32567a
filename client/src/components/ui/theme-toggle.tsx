import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/i18n';
import { setTheme, useTheme } from '@/lib/theme';

/**
 * The light/dark switch in every page's header. No class merging (clsx/tailwind-merge) on
 * purpose: it is on the landing page, whose JavaScript has a budget. `className` sets its colours
 * and size for the header it sits in.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight')}
      title={next === 'dark' ? t('theme.dark') : t('theme.light')}
      data-theme-toggle
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg transition-colors ${className}`}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" className="h-5 w-5" /> : <Moon aria-hidden="true" className="h-5 w-5" />}
    </button>
  );
}
