import { useQueryClient } from '@tanstack/react-query';
import { LogOut, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useAdminLogout } from '../api/logout';
import { ADMIN_QUERY_KEY, useAdminToken } from '../lib/admin-token';
import { AnalyticsTab } from './analytics-tab';
import { AuditTab } from './audit-tab';
import { DemoRequestsTab } from './demo-requests-tab';
import { OverviewTab } from './overview-tab';
import { PaymentsTab } from './payments-tab';
import { PromotionsTab } from './promotions-tab';
import { StorageTab } from './storage-tab';
import { SystemTab } from './system-tab';
import { UsageTab } from './usage-tab';
import { UsersTab } from './users-tab';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { SkipLink } from '@/components/ui/skip-link';
import { useAdminTexts } from '../texts';

const TABS = ['overview', 'promotions', 'demo-requests', 'analytics', 'payments', 'users', 'usage', 'audit', 'storage', 'system'] as const;
type TabId = (typeof TABS)[number];

const edgeFade = 'pointer-events-none absolute inset-y-0 w-10 from-slate-50 to-transparent transition-opacity duration-200';

/**
 * A strip that scrolls sideways when it does not fit (the tabs at phone width), with a fade at
 * each edge that has more behind it, so the hidden tabs are not a secret. The fades are
 * decoration only (aria-hidden); the tabs keep their names and keyboard behaviour.
 */
function SidewaysScroller({ children }: { children: ReactNode }) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => {
      const before = scroller.scrollLeft > 1;
      const after = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
      setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  return (
    <div className="relative -mx-4">
      <div ref={scrollerRef} className="overflow-x-auto px-4">
        {children}
      </div>
      <div aria-hidden="true" className={cn(edgeFade, 'left-0 bg-gradient-to-r', more.before ? 'opacity-100' : 'opacity-0')} />
      <div aria-hidden="true" className={cn(edgeFade, 'right-0 bg-gradient-to-l', more.after ? 'opacity-100' : 'opacity-0')} />
    </div>
  );
}

/** How long 'Please log in' shows before the login page opens by itself. */
const LOGIN_REDIRECT_DELAY_MS = 2500;

export function AdminDashboard() {
  const token = useAdminToken();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const { t } = useAdminTexts();
  const [tab, setTab] = useState<TabId>('overview');

  // SPEC §2: no stored token (never signed in, logged out, or a 401 cleared it) shows 'Please log
  // in' with Go to Login, then goes to the login page by itself after a moment (issue 18: an
  // immediate redirect meant the message was never seen).
  useEffect(() => {
    if (token !== null) return;
    const timer = setTimeout(() => navigate('/admin/login', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token, navigate]);

  if (token === null) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center">
        <ShieldCheck className="h-10 w-10 text-genie-600" aria-hidden="true" />
        <h1 className="text-lg font-semibold text-slate-900">{t('dashboard.pleaseLogIn')}</h1>
        <p role="status" className="max-w-xs text-sm text-slate-600">
          {t('dashboard.redirecting')}
        </p>
        <Button onClick={() => navigate('/admin/login', { replace: true })}>{t('dashboard.goToLogin')}</Button>
      </main>
    );
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <div className="flex h-9 w-9 items-center justify-center rounded-lg bg-genie-600 text-white">
              <ShieldCheck className="h-5 w-5" aria-hidden="true" />
            </div>
            <h1 className="text-lg font-bold text-slate-900">{t('dashboard.title')}</h1>
            <Badge variant="success" className="gap-1.5">
              <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-emerald-600" aria-hidden="true" />
              {t('dashboard.liveData')}
            </Badge>
          </div>
          <div className="flex items-center gap-2">
            <ThemeToggle className="text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
            <Button variant="outline" size="sm" onClick={() => void refresh()}>
              <RefreshCw aria-hidden="true" /> {t('dashboard.refresh')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/admin/login', { replace: true }) })}
            >
              <LogOut aria-hidden="true" /> {t('dashboard.logout')}
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none">
        <Tabs value={tab} onValueChange={(value) => setTab(value as TabId)}>
          <SidewaysScroller>
            <TabsList className="flex-nowrap">
              {TABS.map((id) => (
                <TabsTrigger key={id} value={id} className="whitespace-nowrap">
                  {t(`tabs.${id}`)}
                </TabsTrigger>
              ))}
            </TabsList>
          </SidewaysScroller>
          <TabsContent value="overview"><OverviewTab /></TabsContent>
          <TabsContent value="promotions"><PromotionsTab onViewAnalytics={() => setTab('analytics')} /></TabsContent>
          <TabsContent value="demo-requests"><DemoRequestsTab /></TabsContent>
          <TabsContent value="analytics"><AnalyticsTab /></TabsContent>
          <TabsContent value="payments"><PaymentsTab /></TabsContent>
          <TabsContent value="users"><UsersTab /></TabsContent>
          <TabsContent value="usage"><UsageTab /></TabsContent>
          <TabsContent value="audit"><AuditTab /></TabsContent>
          <TabsContent value="storage"><StorageTab /></TabsContent>
          <TabsContent value="system"><SystemTab /></TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
