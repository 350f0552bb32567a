import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminDashboard } from '@contract/admin';
import { usd } from './stat-card';

/** Revenue trends for 24h, 7d and 30d from confirmed payments. */
export function RevenueChart({ revenue }: { revenue: AdminDashboard['revenueStats'] }) {
  const data = [
    { period: 'Last 24h', revenue: revenue.last24h },
    { period: 'Last 7d', revenue: revenue.last7d },
    { period: 'Last 30d', revenue: revenue.last30d },
  ];
  return (
    <div className="h-64 w-full" role="img" aria-label={`Revenue: ${data.map((d) => `${d.period} ${usd(d.revenue)}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" tickLine={false} axisLine={false} fontSize={12} />
          <YAxis tickFormatter={(v: number) => `$${v}`} tickLine={false} axisLine={false} fontSize={12} width={64} />
          <Tooltip formatter={(value) => usd(Number(value))} />
          <Bar dataKey="revenue" name="Revenue" fill="#7c3aed" radius={[6, 6, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
