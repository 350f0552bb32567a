import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { PLANS } from '@contract/plan-catalogue';
import type { ActivePromotion } from '@contract/promotions';
import { bestDiscountFor, discountedPrice } from '@contract/promotion-pricing';
import { buttonVariants } from '@/components/ui/button-variants';
import { Countdown } from '@/components/ui/countdown';
import { PriceTag } from '@/components/ui/price-tag';
import { useTranslation } from '@/lib/i18n/i18n';
import { SectionHeading } from './section-heading';

/** Pricing cards, each leading to /premium with its plan chosen. Live discounts show when loaded. */
export function PricingSection({ promotions }: { promotions: ActivePromotion[] }) {
  // The plan cards' words are /premium's (premium.json, a shell namespace too), said once.
  const { t } = useTranslation(['landing', 'premium']);
  return (
    <section aria-labelledby="pricing-title" id="pricing" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow={t('nav.pricing')} title={t('pricing.title')}>
          {t('pricing.lead')}
        </SectionHeading>
        <ul className="mx-auto mt-14 grid max-w-lg items-stretch gap-6 lg:max-w-none lg:grid-cols-3">
          {PLANS.map((plan) => {
            const offer = plan.monthlyPriceUSD === null ? undefined : bestDiscountFor(plan.id, promotions);
            const price = plan.monthlyPriceUSD === null ? null : discountedPrice(plan.monthlyPriceUSD, plan.id, promotions);
            return (
              <li
                key={plan.id}
                data-testid={`pricing-${plan.id}`}
                className={clsx(
                  'relative flex flex-col rounded-3xl p-8',
                  plan.popular ? 'fixed-palette bg-genie-900 text-white shadow-xl shadow-genie-900/20 ring-2 ring-genie-500' : 'bg-white ring-1 ring-slate-200',
                )}
              >
                <div className="flex items-center justify-between">
                  <h3 className="text-xl font-semibold">{plan.name}</h3>
                  {plan.popular && <span className="rounded-full bg-genie-600 px-3 py-1 text-xs font-bold tracking-wide text-white">{t('premium:popular')}</span>}
                </div>
                <PriceTag className="mt-6" amount={price} original={offer ? plan.monthlyPriceUSD : null} tone={plan.popular ? 'dark' : 'light'} />
                {offer ? (
                  <p className={clsx('mt-2 text-sm font-medium', plan.popular ? 'text-amber-300' : 'text-orange-600')}>
                    {t('premium:percentOff', { percent: offer.discountPercent })} · <Countdown to={offer.expiresAt} label={t('premium:endsIn')} />
                  </p>
                ) : (
                  <p className={clsx('mt-2 text-sm', plan.popular ? 'text-genie-200' : 'text-slate-500')}>
                    {plan.monthlyPriceUSD === null ? t('premium:pricedForYou') : t('premium:billedMonthly')}
                  </p>
                )}
                <ul className={clsx('mt-8 flex-1 space-y-3 text-sm', plan.popular ? 'text-genie-100' : 'text-slate-600')}>
                  {plan.features.map((feature, index) => (
                    <li key={feature} className="flex gap-3">
                      <Check className={clsx('h-5 w-5 shrink-0', plan.popular ? 'text-genie-300' : 'text-genie-600')} aria-hidden="true" />
                      {t(`premium:features.${plan.id}.${index}`)}
                    </li>
                  ))}
                </ul>
                <Link
                  href={`/premium?plan=${plan.id}`}
                  className={buttonVariants({ size: 'lg', variant: plan.popular ? 'inverse' : 'outline', className: 'mt-8 w-full' })}
                >
                  {t('pricing.choose', { plan: plan.name })}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
