import { CreditCard, DollarSign, HardDrive, Users } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminDashboard } from '../api/get-dashboard';
import { RevenueChart } from './revenue-chart';
import { QueryState, StatCard, usd } from './stat-card';
import { plural } from '@contract/format';

export function OverviewTab() {
  const { data, isLoading, error } = useAdminDashboard();
  return (
    <QueryState isLoading={isLoading} error={error}>
      {data && (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard icon={DollarSign} label="Total Revenue" value={usd(data.revenueStats.totalUSD)} detail={`${usd(data.revenueStats.last24h)} last 24h`} />
            <StatCard icon={Users} label="Total Users" value={data.userStats.totalUsers} detail={`${data.userStats.activeToday} active today`} />
            <StatCard icon={CreditCard} label="Crypto Payments" value={data.totalPayments} detail={`${data.confirmedPayments} confirmed`} />
            <StatCard icon={HardDrive} label="Storage Used" value={`${data.storageStats.totalSizeGB} GB`} detail={plural(data.storageStats.totalFiles, 'file')} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Revenue Trends</CardTitle>
              <CardDescription>Confirmed payments over the last 24 hours, 7 days and 30 days.</CardDescription>
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
