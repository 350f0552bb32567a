import { Clock, FolderKanban, LayoutTemplate, TrendingUp } from 'lucide-react';
import type { Language } from '@contract/languages';
import { formatNumber } from '@/lib/i18n/format';
import { useDashboardTexts } from '../texts';

/** SPEC §9 "Dashboard placeholder stats": fixed figures of this demo dashboard, not measurements. */
const STATS = [
  { icon: LayoutTemplate, value: 12, label: 'templates', tint: 'bg-genie-100 text-genie-700' },
  { icon: Clock, value: 8.5, label: 'hoursSaved', tint: 'bg-emerald-100 text-emerald-700' },
  { icon: FolderKanban, value: 5, label: 'projects', tint: 'bg-sky-100 text-sky-700' },
  { icon: TrendingUp, value: 0.65, label: 'productivity', tint: 'bg-amber-100 text-amber-700', percent: true },
] as const;

export function StatsGrid() {
  const { t, i18n } = useDashboardTexts();
  const language = i18n.language as Language;
  return (
    <section aria-labelledby="stats-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="stats-title" className="text-base font-semibold text-slate-900">
          {t('stats.title')}
        </h2>
        <p className="text-xs text-slate-500">{t('stats.sample')}</p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {STATS.map(({ icon: Icon, value, label, tint, ...stat }) => (
          // A <dl>'s groups may hold only <dt> and <dd>: the icon sits in the <dt>, placed at the card's left.
          <div key={label} className="relative flex flex-col justify-center rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:pl-[4.75rem]" data-testid="stat">
            <dt className="order-2 text-sm text-slate-500">
              <span className={`absolute left-4 top-1/2 hidden h-11 w-11 -translate-y-1/2 place-items-center rounded-xl sm:grid ${tint}`}>
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              {t(`stats.${label}`)}
            </dt>
            <dd className="order-1 text-2xl font-bold tracking-tight text-slate-900">
              {formatNumber(language, value, 'percent' in stat ? { style: 'percent' } : undefined)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
