import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminDashboard } from '@contract/admin';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';

/**
 * Revenue trends for 24h, 7d and 30d from confirmed payments. With no revenue in any period it
 * says so instead of drawing an empty $0–$4 axis (issue 18). The chart's colours are the theme's
 * variables, so it reads in the dark theme too; the hover highlight is a faint tint, not a grey block.
 */
export function RevenueChart({ revenue }: { revenue: AdminDashboard['revenueStats'] }) {
  const { t, i18n } = useAdminTexts();
  const { usd, usdWhole } = adminFormats(i18n.language);
  const data = [
    { period: t('revenue.last24h'), revenue: revenue.last24h },
    { period: t('revenue.last7d'), revenue: revenue.last7d },
    { period: t('revenue.last30d'), revenue: revenue.last30d },
  ];
  if (data.every((d) => d.revenue <= 0)) {
    return (
      <div className="flex h-64 w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-200 text-center" data-testid="revenue-empty">
        <BarChart3 className="h-8 w-8 text-slate-300" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-700">{t('revenue.emptyTitle')}</p>
        <p className="max-w-xs text-xs text-slate-500">{t('revenue.emptyDescription')}</p>
      </div>
    );
  }
  return (
    <div className="h-64 w-full" role="img" aria-label={t('revenue.chartLabel', { periods: data.map((d) => `${d.period} ${usd(d.revenue)}`).join(', ') })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-slate-200)" />
          <XAxis dataKey="period" tickLine={false} axisLine={false} fontSize={12} tick={{ fill: 'var(--color-slate-500)' }} />
          <YAxis tickFormatter={usdWhole} tickLine={false} axisLine={false} fontSize={12} width={64} allowDecimals={false} tick={{ fill: 'var(--color-slate-500)' }} />
          <Tooltip
            formatter={(value) => usd(Number(value))}
            cursor={{ fill: 'var(--color-genie-50)' }}
            contentStyle={{ background: 'var(--surface-tooltip)', borderColor: 'var(--color-slate-200)', borderRadius: 8, color: 'var(--color-slate-900)' }}
            // recharts paints the item in the bar's colour, which on the dark tooltip read at 3.1:1
            // (tests/e2e/contrast.e2e.ts); genie-700 is dark in the light theme and light in the dark one.
            itemStyle={{ color: 'var(--color-genie-700)' }}
          />
          <Bar dataKey="revenue" name={t('revenue.series')} fill="var(--color-genie-600)" radius={[6, 6, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
