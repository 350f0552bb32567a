import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Plan } from '@contract/plan-catalogue';
import type { ActivePromotion } from '@contract/promotions';
import { bestDiscountFor, discountedPrice } from '@contract/promotion-pricing';
import { Button } from '@/components/ui/button';
import { Countdown } from '@/components/ui/countdown';
import { PriceTag } from '@/components/ui/price-tag';
import { useTranslation } from '@/lib/i18n/i18n';
import { cn } from '@/lib/utils';

interface PlanCardProps {
  plan: Plan;
  promotions: ActivePromotion[];
  selected: boolean;
  busy: boolean;
  onSubscribe: (plan: Plan) => void;
  onContactSales: (plan: Plan) => void;
}

export function PlanCard({ plan, promotions, selected, busy, onSubscribe, onContactSales }: PlanCardProps) {
  const offer = plan.monthlyPriceUSD === null ? undefined : bestDiscountFor(plan.id, promotions);
  const price = plan.monthlyPriceUSD === null ? null : discountedPrice(plan.monthlyPriceUSD, plan.id, promotions);
  const custom = plan.monthlyPriceUSD === null;
  const cardRef = useRef<HTMLLIElement>(null);
  const { t } = useTranslation('premium');
  // Where the cards stack (phone, tablet), the plan picked on the landing page may sit below the
  // fold: bring it into view once, so "Your choice" is what the visitor sees first.
  useEffect(() => {
    const card = cardRef.current;
    if (!selected || !card || card.getBoundingClientRect().bottom <= window.innerHeight) return;
    card.scrollIntoView({ block: 'center' });
    // Only on arrival (empty deps on purpose): later changes come from the visitor's own clicks.
  }, []);
  return (
    <li
      ref={cardRef}
      data-testid={`plan-${plan.id}`}
      data-selected={selected}
      aria-labelledby={`plan-${plan.id}-name`}
      className={cn(
        'relative flex flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition-shadow sm:p-8',
        plan.popular && 'shadow-xl shadow-genie-900/10 ring-2 ring-genie-500',
        selected && 'shadow-2xl shadow-genie-700/25 ring-4 ring-genie-600 lg:-translate-y-2',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`plan-${plan.id}-name`} className="text-xl font-semibold text-slate-900">
          {plan.name}
        </h2>
        {plan.popular && <span className="rounded-full bg-genie-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">{t('popular')}</span>}
        {selected && (
          <span className="ml-auto rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800" data-testid="selected-badge">
            {t('yourChoice')}
          </span>
        )}
      </div>
      <PriceTag className="mt-5 text-slate-900" amount={price} original={offer ? plan.monthlyPriceUSD : null} />
      {offer ? (
        <p className="mt-2 text-sm font-medium text-orange-600">
          {t('percentOffWith', { percent: offer.discountPercent, promotion: offer.name })}
          <Countdown to={offer.expiresAt} label={t('endsIn')} className="block" />
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-500">{custom ? t('pricedForYou') : t('billedMonthly')}</p>
      )}
      <ul className="mt-7 flex-1 space-y-3 text-sm text-slate-700">
        {/* features.<plan> lists the catalogue's features in its order (plan-features.test.ts). */}
        {plan.features.map((feature, index) => (
          <li key={feature} className="flex gap-3">
            <Check className="h-5 w-5 shrink-0 text-genie-600" aria-hidden="true" />
            {t(`features.${plan.id}.${index}`)}
          </li>
        ))}
      </ul>
      {custom ? (
        <Button size="lg" variant="outline" className="mt-8 w-full" disabled={busy} onClick={() => onContactSales(plan)} aria-label={t('contactSalesAbout', { plan: plan.name })}>
          {t('contactSales')}
        </Button>
      ) : (
        <Button size="lg" className="mt-8 w-full" disabled={busy} onClick={() => onSubscribe(plan)} aria-label={t('subscribeTo', { plan: plan.name })}>
          {t('subscribe')}
        </Button>
      )}
    </li>
  );
}
