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
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

const CATEGORIES: SchemeCategory[] = ['pricing', 'retail', 'psychology'];

export function PromotionsTab({ onViewAnalytics }: { onViewAnalytics: () => void }) {
  const schemes = useAdminSchemes();
  const promos = useAdminPromos();
  const deployPromotion = useDeployPromotion();
  const deployScheme = useDeployScheme();
  const pauseAll = usePauseAll();
  const [confirmPause, setConfirmPause] = useState(false);
  const { t, i18n } = useAdminTexts();
  const { usd, dateTime } = adminFormats(i18n.language);
  // SPEC §4: all deploy buttons are disabled while any deploy runs.
  const deploying = deployPromotion.isPending || deployScheme.isPending;

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Rocket className="h-4 w-4 text-genie-600" aria-hidden="true" /> {t('promotions.deployTitle')}
          </CardTitle>
          <CardDescription>{t('promotions.deployDescription')}</CardDescription>
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
                <Button size="sm" disabled={deploying} onClick={() => deployPromotion.mutate(action)} aria-label={t('promotions.deployLabel', { name: definition.name })}>
                  {pendingHere ? t('deploying') : t('deploy')}
                </Button>
              </div>
            );
          })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BarChart3 className="h-4 w-4 text-genie-600" aria-hidden="true" /> {t('promotions.performance')}
          </CardTitle>
          <CardDescription>{t('promotions.performanceDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-genie-50 p-3">
              <p className="text-2xl font-bold text-genie-800" data-testid="active-campaigns">{promos.data?.performance.activeCampaigns ?? 0}</p>
              <p className="text-xs text-slate-600">{t('promotions.activeCampaigns')}</p>
            </div>
            <div className="rounded-xl bg-emerald-50 p-3">
              <p className="text-2xl font-bold text-emerald-800">{usd(promos.data?.performance.revenueUSD ?? 0)}</p>
              <p className="text-xs text-slate-600">{t('promotions.revenueImpact')}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onViewAnalytics}>
              <BarChart3 aria-hidden="true" /> {t('promotions.viewAnalytics')}
            </Button>
            <Button variant="destructive" size="sm" disabled={pauseAll.isPending} onClick={() => setConfirmPause(true)}>
              <PauseCircle aria-hidden="true" /> {t('promotions.pauseAll')}
            </Button>
            {/* Pause All ends every live campaign at once, for every visitor: it asks first (issue 18). */}
            <Dialog open={confirmPause} onOpenChange={setConfirmPause}>
              <DialogContent>
                <DialogTitle>{t('promotions.pauseTitle')}</DialogTitle>
                <DialogDescription>{t('promotions.pauseDescription')}</DialogDescription>
                <div className="flex justify-end gap-2">
                  <Button variant="outline" onClick={() => setConfirmPause(false)}>
                    {t('promotions.cancel')}
                  </Button>
                  <Button
                    variant="destructive"
                    onClick={() => {
                      setConfirmPause(false);
                      pauseAll.mutate();
                    }}
                  >
                    {t('promotions.pauseConfirm')}
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
            <Megaphone className="h-4 w-4 text-genie-600" aria-hidden="true" /> {t('promotions.manager')}
          </CardTitle>
          <CardDescription>
            {t('promotions.managerDescription')}{' '}
            {schemes.data && (schemes.data.cleanupService.isRunning ? t('promotions.cleanupRunning') : t('promotions.cleanupStopped'))}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState isLoading={schemes.isLoading} error={schemes.error}>
            {schemes.data && (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
                {CATEGORIES.map((category) => (
                  <section key={category} className="grid min-w-0 content-start gap-2">
                    <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t(`promotions.category.${category}`)}</h4>
                    {schemes.data.schemes[category]?.map((scheme) => {
                      const active = schemes.data.active.includes(scheme.name);
                      return (
                        <div key={scheme.name} className="grid grid-cols-1 gap-2 rounded-xl border border-slate-200 p-3">
                          <div className="flex items-start justify-between gap-2">
                            <p className="text-sm font-semibold">{scheme.name}</p>
                            {active && <Badge variant="success">{t('promotions.active')}</Badge>}
                          </div>
                          <p className="text-xs text-slate-600">{scheme.desc}</p>
                          <Button size="sm" variant="outline" disabled={deploying || active} onClick={() => deployScheme.mutate(scheme.name)}>
                            {deployScheme.isPending && deployScheme.variables === scheme.name ? t('deploying') : t('deploy')}
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
          <CardTitle>{t('promotions.list')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <QueryState isLoading={promos.isLoading} error={promos.error}>
            <ul className="grid grid-cols-1 gap-2" aria-label={t('promotions.listLabel')}>
              {promos.data?.promos.length === 0 && <li className="text-sm text-slate-500">{t('promotions.none')}</li>}
              {promos.data?.promos.map((promo) => (
                <li key={promo.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{promo.name}</span>
                    {promo.active ? <Badge variant="success">{t('promotions.live')}</Badge> : <Badge variant="secondary">{t('promotions.expired')}</Badge>}
                  </div>
                  <p className="text-xs text-slate-600">{promo.headline}</p>
                  <p className="text-xs text-slate-500">
                    {t(promo.active ? 'promotions.ends' : 'promotions.ended', { date: dateTime(promo.expires) })}
                  </p>
                </li>
              ))}
            </ul>
            <div>
              <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('promotions.notifications')}</h4>
              <ul className="grid grid-cols-1 gap-1.5 text-xs text-slate-600">
                {promos.data?.notifications.length === 0 && <li>{t('promotions.noNotifications')}</li>}
                {promos.data?.notifications.slice(0, 8).map((note) => (
                  <li key={`${note.createdAt}-${note.message}`}>
                    <span className="text-slate-500">{dateTime(note.createdAt)}</span> · {withLocalTimes(note.message, i18n.language)}
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
