import { BarChart3, Megaphone, PauseCircle, Rocket } from 'lucide-react';
import { useState } from 'react';
import { PROMOTION_CATALOGUE, type SchemeCategory } from '@contract/admin';
import { promotionActionSchema, type PromotionAction } from '@contract/promotions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useDeployPromotion } from '../api/deploy-promotion';
import { useDeployScheme } from '../api/deploy-scheme';
import { useAdminPromos } from '../api/get-promos';
import { useAdminSchemes } from '../api/get-schemes';
import { usePauseAll } from '../api/pause-all';
import { withLocalTimes } from '../lib/local-times';
import { formatDate, QueryState, usd } from './stat-card';

const CATEGORY_TITLES: Record<SchemeCategory, string> = { pricing: 'Pricing', retail: 'Retail', psychology: 'Psychology' };

export function PromotionsTab({ onViewAnalytics }: { onViewAnalytics: () => void }) {
  const schemes = useAdminSchemes();
  const promos = useAdminPromos();
  const deployPromotion = useDeployPromotion();
  const deployScheme = useDeployScheme();
  const pauseAll = usePauseAll();
  const [confirmPause, setConfirmPause] = useState(false);
  // SPEC §4: all deploy buttons are disabled while any deploy runs.
  const deploying = deployPromotion.isPending || deployScheme.isPending;

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Rocket className="h-4 w-4 text-genie-600" aria-hidden="true" /> Deploy Promotions
          </CardTitle>
          <CardDescription>Each promotion changes what users see and pay until it ends on its own.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {promotionActionSchema.options.map((action: PromotionAction) => {
            const definition = PROMOTION_CATALOGUE[action];
            const pendingHere = deployPromotion.isPending && deployPromotion.variables === action;
            return (
              <div key={action} className="flex flex-col justify-between gap-3 rounded-xl border border-slate-200 p-4">
                <div>
                  <p className="font-semibold text-slate-900">{definition.name}</p>
                  <p className="text-sm text-slate-600">{definition.effect}</p>
                </div>
                <Button size="sm" disabled={deploying} onClick={() => deployPromotion.mutate(action)} aria-label={`Deploy ${definition.name}`}>
                  {pendingHere ? 'Deploying...' : 'Deploy'}
                </Button>
              </div>
            );
          })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BarChart3 className="h-4 w-4 text-genie-600" aria-hidden="true" /> Campaign Performance
          </CardTitle>
          <CardDescription>Live campaigns and confirmed revenue since the earliest of them began.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-genie-50 p-3">
              <p className="text-2xl font-bold text-genie-800" data-testid="active-campaigns">{promos.data?.performance.activeCampaigns ?? 0}</p>
              <p className="text-xs text-slate-600">Active campaigns</p>
            </div>
            <div className="rounded-xl bg-emerald-50 p-3">
              <p className="text-2xl font-bold text-emerald-800">{usd(promos.data?.performance.revenueUSD ?? 0)}</p>
              <p className="text-xs text-slate-600">Revenue impact</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onViewAnalytics}>
              <BarChart3 aria-hidden="true" /> View Analytics
            </Button>
            <Button variant="destructive" size="sm" disabled={pauseAll.isPending} onClick={() => setConfirmPause(true)}>
              <PauseCircle aria-hidden="true" /> Pause All
            </Button>
            {/* Pause All ends every live campaign at once, for every visitor: it asks first (issue 18). */}
            <Dialog open={confirmPause} onOpenChange={setConfirmPause}>
              <DialogContent>
                <DialogTitle>Pause every campaign?</DialogTitle>
                <DialogDescription>Every live promotion and scheme ends now, and visitors see regular prices at once.</DialogDescription>
                <div className="flex justify-end gap-2">
                  <Button variant="outline" onClick={() => setConfirmPause(false)}>
                    Cancel
                  </Button>
                  <Button
                    variant="destructive"
                    onClick={() => {
                      setConfirmPause(false);
                      pauseAll.mutate();
                    }}
                  >
                    Pause all campaigns
                  </Button>
                </div>
              </DialogContent>
            </Dialog>
          </div>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Megaphone className="h-4 w-4 text-genie-600" aria-hidden="true" /> Campaign Manager
          </CardTitle>
          <CardDescription>
            Marketing schemes are records of outreach the team runs; users never see them.{' '}
            {schemes.data && (schemes.data.cleanupService.isRunning ? 'Expiry cleanup is running.' : 'Expiry cleanup is not running.')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState isLoading={schemes.isLoading} error={schemes.error}>
            {schemes.data && (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
                {(Object.keys(CATEGORY_TITLES) as SchemeCategory[]).map((category) => (
                  <section key={category} className="grid min-w-0 content-start gap-2">
                    <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{CATEGORY_TITLES[category]}</h4>
                    {schemes.data.schemes[category]?.map((scheme) => {
                      const active = schemes.data.active.includes(scheme.name);
                      return (
                        <div key={scheme.name} className="grid grid-cols-1 gap-2 rounded-xl border border-slate-200 p-3">
                          <div className="flex items-start justify-between gap-2">
                            <p className="text-sm font-semibold">{scheme.name}</p>
                            {active && <Badge variant="success">Active</Badge>}
                          </div>
                          <p className="text-xs text-slate-600">{scheme.desc}</p>
                          <Button size="sm" variant="outline" disabled={deploying || active} onClick={() => deployScheme.mutate(scheme.name)}>
                            {deployScheme.isPending && deployScheme.variables === scheme.name ? 'Deploying...' : 'Deploy'}
                          </Button>
                        </div>
                      );
                    })}
                  </section>
                ))}
              </div>
            )}
          </QueryState>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Promotions &amp; Notifications</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <QueryState isLoading={promos.isLoading} error={promos.error}>
            <ul className="grid grid-cols-1 gap-2" aria-label="Promotions">
              {promos.data?.promos.length === 0 && <li className="text-sm text-slate-500">No promotions yet.</li>}
              {promos.data?.promos.map((promo) => (
                <li key={promo.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{promo.name}</span>
                    {promo.active ? <Badge variant="success">Live</Badge> : <Badge variant="secondary">Expired</Badge>}
                  </div>
                  <p className="text-xs text-slate-600">{promo.headline}</p>
                  <p className="text-xs text-slate-500">
                    {promo.active ? 'Ends' : 'Ended'} {formatDate(promo.expires)}
                  </p>
                </li>
              ))}
            </ul>
            <div>
              <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Notifications</h4>
              <ul className="grid grid-cols-1 gap-1.5 text-xs text-slate-600">
                {promos.data?.notifications.length === 0 && <li>No notifications yet.</li>}
                {promos.data?.notifications.slice(0, 8).map((note) => (
                  <li key={`${note.createdAt}-${note.message}`}>
                    <span className="text-slate-500">{formatDate(note.createdAt)}</span> · {withLocalTimes(note.message)}
                  </li>
                ))}
              </ul>
            </div>
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
