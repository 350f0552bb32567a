import { Crown, UserCheck, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useAdminDashboard } from '../api/get-dashboard';
import { AccountList } from './account-list';
import { QueryState, StatCard } from './stat-card';
import { plural } from '@contract/format';
import { TeamList } from './team-list';

export function UsersTab() {
  const { data, isLoading, error } = useAdminDashboard();
  const stats = data?.userStats;
  const conversion = stats && stats.totalUsers > 0 ? Math.round((stats.premiumUsers / stats.totalUsers) * 1000) / 10 : 0;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {stats && (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard icon={Users} label="Total Users" value={stats.totalUsers} />
            <StatCard icon={Crown} label="Premium Users" value={stats.premiumUsers} />
            <StatCard icon={UserCheck} label="Active Today" value={stats.activeToday} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Premium Conversion</CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-2">
              <div className="flex justify-between text-sm">
                <span className="text-slate-600">
                  {stats.premiumUsers} of {plural(stats.totalUsers, 'user')} {stats.premiumUsers === 1 ? 'is' : 'are'} premium
                </span>
                <span className="font-semibold">{conversion}%</span>
              </div>
              <Progress value={conversion} label="Premium conversion" className="h-3" />
            </CardContent>
          </Card>
          <AccountList />
          <TeamList />
        </div>
      )}
    </QueryState>
  );
}
