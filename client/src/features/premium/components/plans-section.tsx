import type { ComponentType } from 'react';
import { PLANS, type PlanId } from '@contract/plan-catalogue';
import type { ActivePromotion } from '@contract/promotions';
import type { BillingCurrency } from '@contract/billing';
import { inputClasses, labelClasses } from '@/components/ui/field-classes';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/i18n';
import { useSubscribe } from '../hooks/use-subscribe';
import { PlanCard } from './plan-card';

/** What asks the owner whom to remove when a plan has fewer seats than the team has members (the teams feature's dialog, composed in app/). */
export type RemoveMembersPrompt = ComponentType<{ request: { planName: string; seats: number } | null; onRemoved: () => void; onCancel: () => void }>;

export function PlansSection({ selectedPlan, promotions, RemoveMembers }: { selectedPlan: PlanId | null; promotions: ActivePromotion[]; RemoveMembers: RemoveMembersPrompt }) {
  const { t } = useTranslation('premium');
  const { subscribe, contactSales, redirectingTo, busy, currencies, currency, setCurrency, problem, removeMembersRequest, membersRemoved, cancelRemoveMembers } = useSubscribe();
  return (
    <div>
      {currencies.length > 0 && (
        <div className="mx-auto mb-6 flex max-w-xs items-center justify-center gap-3 rounded-xl bg-white/95 px-4 py-2 shadow-sm">
          <label htmlFor="pay-currency" className={labelClasses}>
            {t('payWith')}
          </label>
          <select id="pay-currency" className={`${inputClasses} w-32`} value={currency ?? ''} onChange={(event) => setCurrency(event.target.value as BillingCurrency)}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      )}
      <ul className="mx-auto grid max-w-lg items-stretch gap-6 lg:max-w-none lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            promotions={promotions}
            selected={plan.id === selectedPlan}
            busy={busy}
            onSubscribe={(p) => void subscribe(p)}
            onContactSales={contactSales}
          />
        ))}
      </ul>
      <div role="status" className="mt-6 flex min-h-6 items-center justify-center gap-2 text-sm font-medium text-genie-800">
        {redirectingTo && (
          <>
            <Spinner className="h-4 w-4" /> {t('redirecting', { plan: redirectingTo.name })}
          </>
        )}
      </div>
      <RemoveMembers request={removeMembersRequest} onRemoved={membersRemoved} onCancel={cancelRemoveMembers} />
      {problem && (
        <p role="alert" className="mx-auto max-w-xl text-center text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
