import { CreditCard, DollarSign, HardDrive, Users } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminDashboard } from '../api/get-dashboard';
import { RevenueChart } from './revenue-chart';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState, StatCard } from './stat-card';

export function OverviewTab() {
  const { data, isLoading, error } = useAdminDashboard();
  const { t, i18n } = useAdminTexts();
  const { usd } = adminFormats(i18n.language);
  return (
    <QueryState isLoading={isLoading} error={error}>
      {data && (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard icon={DollarSign} label={t('overview.totalRevenue')} value={usd(data.revenueStats.totalUSD)} detail={t('overview.last24h', { amount: usd(data.revenueStats.last24h) })} />
            <StatCard icon={Users} label={t('overview.totalUsers')} value={data.userStats.totalUsers} detail={t('overview.activeToday', { count: data.userStats.activeToday })} />
            <StatCard icon={CreditCard} label={t('overview.cryptoPayments')} value={data.totalPayments} detail={t('overview.confirmed', { count: data.confirmedPayments })} />
            <StatCard
              icon={HardDrive}
              label={t('overview.storageUsed')}
              value={t('overview.gigabytes', { size: data.storageStats.totalSizeGB })}
              detail={t('overview.files', { count: data.storageStats.totalFiles })}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('overview.revenueTrends')}</CardTitle>
              <CardDescription>{t('overview.revenueTrendsDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <RevenueChart revenue={data.revenueStats} />
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}
