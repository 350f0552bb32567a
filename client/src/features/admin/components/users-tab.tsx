import { Crown, UserCheck, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useAdminDashboard } from '../api/get-dashboard';
import { AccountList } from './account-list';
import { QueryState, StatCard } from './stat-card';
import { useAdminTexts } from '../texts';
import { TeamList } from './team-list';

export function UsersTab() {
  const { data, isLoading, error } = useAdminDashboard();
  const { t } = useAdminTexts();
  const stats = data?.userStats;
  const conversion = stats && stats.totalUsers > 0 ? Math.round((stats.premiumUsers / stats.totalUsers) * 1000) / 10 : 0;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {stats && (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard icon={Users} label={t('users.totalUsers')} value={stats.totalUsers} />
            <StatCard icon={Crown} label={t('users.premiumUsers')} value={stats.premiumUsers} />
            <StatCard icon={UserCheck} label={t('users.activeToday')} value={stats.activeToday} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('users.conversion')}</CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-2">
              <div className="flex justify-between text-sm">
                <span className="text-slate-600">
                  {t('users.premiumShare', { count: stats.premiumUsers, users: t('users.userCount', { count: stats.totalUsers }) })}
                </span>
                <span className="font-semibold">{conversion}%</span>
              </div>
              <Progress value={conversion} label={t('users.conversionLabel')} className="h-3" />
            </CardContent>
          </Card>
          <AccountList />
          <TeamList />
        </div>
      )}
    </QueryState>
  );
}
