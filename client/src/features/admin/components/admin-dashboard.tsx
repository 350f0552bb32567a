import { useQueryClient } from '@tanstack/react-query';
import { LogOut, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminLogout } from '../api/logout';
import { useAdminToken } from '../lib/admin-token';
import { AnalyticsTab } from './analytics-tab';
import { DemoRequestsTab } from './demo-requests-tab';
import { OverviewTab } from './overview-tab';
import { PaymentsTab } from './payments-tab';
import { PromotionsTab } from './promotions-tab';
import { StorageTab } from './storage-tab';
import { SystemTab } from './system-tab';
import { UsersTab } from './users-tab';

const TABS = [
  ['overview', 'Overview'],
  ['promotions', 'Promotions'],
  ['demo-requests', 'Demo Requests'],
  ['analytics', 'Analytics'],
  ['payments', 'Crypto Payments'],
  ['users', 'Users'],
  ['storage', 'File Storage'],
  ['system', 'System'],
] as const;
type TabId = (typeof TABS)[number][0];

export function AdminDashboard() {
  const token = useAdminToken();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const [tab, setTab] = useState<TabId>('overview');

  // SPEC §2: no stored token (never signed in, logged out, or a 401 cleared it) goes to login.
  useEffect(() => {
    if (token === null) navigate('/admin/login', { replace: true });
  }, [token, navigate]);

  if (token === null) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold">Please log in</p>
        <Button onClick={() => navigate('/admin/login')}>Go to Login</Button>
      </main>
    );
  }

  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') || q.queryKey[0] === '/api/demo-requests' });

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <div className="flex h-9 w-9 items-center justify-center rounded-lg bg-genie-600 text-white">
              <ShieldCheck className="h-5 w-5" aria-hidden="true" />
            </div>
            <h1 className="text-lg font-bold text-slate-900">Genie Admin</h1>
            <Badge variant="success" className="gap-1.5">
              <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-emerald-600" aria-hidden="true" />
              Live Data
            </Badge>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => void refresh()}>
              <RefreshCw aria-hidden="true" /> Refresh
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/admin/login', { replace: true }) })}
            >
              <LogOut aria-hidden="true" /> Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Tabs value={tab} onValueChange={(value) => setTab(value as TabId)}>
          <div className="-mx-4 overflow-x-auto px-4">
            <TabsList className="flex-nowrap">
              {TABS.map(([id, label]) => (
                <TabsTrigger key={id} value={id} className="whitespace-nowrap">
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value="overview"><OverviewTab /></TabsContent>
          <TabsContent value="promotions"><PromotionsTab onViewAnalytics={() => setTab('analytics')} /></TabsContent>
          <TabsContent value="demo-requests"><DemoRequestsTab /></TabsContent>
          <TabsContent value="analytics"><AnalyticsTab /></TabsContent>
          <TabsContent value="payments"><PaymentsTab /></TabsContent>
          <TabsContent value="users"><UsersTab /></TabsContent>
          <TabsContent value="storage"><StorageTab /></TabsContent>
          <TabsContent value="system"><SystemTab /></TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
