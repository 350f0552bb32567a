import type { TeamDailyUsage } from '@contract/team-controls';
import { formatDate } from '@/lib/i18n/format';
import { formatTokens as tokens, pageLanguage } from '../lib/format';
import { useTeamsTexts } from '../texts';

const WIDTH = 900;
const HEIGHT = 120;
const shortDay = (day: string) => formatDate(pageLanguage(), `${day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Tokens per day over the last 90 days, as a tiny inline SVG (no chart library for 90 bars). The
 * bars' colour is the theme's, so it reads in the dark theme too; the figures a screen reader needs
 * are in the label.
 */
export function UsageChart({ usage }: { usage: TeamDailyUsage }) {
  const { t } = useTeamsTexts();
  const days = usage.days;
  const total = days.reduce((sum, d) => sum + d.tokens, 0);
  const busiest = days.reduce((top, d) => (d.tokens > top.tokens ? d : top), days[0] ?? { day: '', tokens: 0 });
  const slot = WIDTH / Math.max(1, days.length);
  const label =
    total === 0
      ? t('usage.chartNone', { days: days.length })
      : t('usage.chartLabel', { days: days.length, total: tokens(total), day: shortDay(busiest.day), tokens: tokens(busiest.tokens) });
  return (
    <figure className="grid gap-1" data-testid="usage-chart">
      <figcaption className="text-sm font-medium text-slate-800">{t('usage.chartCaption', { days: days.length })}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-28 w-full rounded-md bg-slate-50" role="img" aria-label={label}>
        {days.map((d, i) => {
          // A day with any use shows at least a sliver, so one small day next to a big one is still seen.
          const h = d.tokens === 0 ? 0 : Math.max(2, (d.tokens / busiest.tokens) * (HEIGHT - 4));
          return (
            <rect key={d.day} x={i * slot + slot * 0.15} y={HEIGHT - h} width={slot * 0.7} height={h} className="fill-genie-600">
              <title>{t('usage.dayTokens', { day: shortDay(d.day), tokens: tokens(d.tokens) })}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-500">
        <span>{days[0] ? shortDay(days[0].day) : ''}</span>
        <span>{total === 0 ? t('usage.noUseYet') : t('usage.busiestDay', { tokens: tokens(busiest.tokens) })}</span>
        <span>{days.length > 0 ? shortDay(days[days.length - 1]!.day) : ''}</span>
      </div>
    </figure>
  );
}
