import { PLANS, type PlanId } from '@contract/plan-catalogue';
import type { ActivePromotion } from '@contract/promotions';
import { Spinner } from '@/components/ui/spinner';
import { useSubscribe } from '../hooks/use-subscribe';
import { PlanCard } from './plan-card';

export function PlansSection({ selectedPlan, promotions }: { selectedPlan: PlanId | null; promotions: ActivePromotion[] }) {
  const { subscribe, contactSales, redirectingTo } = useSubscribe();
  return (
    <div>
      <ul className="mx-auto grid max-w-lg items-stretch gap-6 lg:max-w-none lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            promotions={promotions}
            selected={plan.id === selectedPlan}
            busy={redirectingTo !== null}
            onSubscribe={subscribe}
            onContactSales={contactSales}
          />
        ))}
      </ul>
      <div role="status" className="mt-6 flex min-h-6 items-center justify-center gap-2 text-sm font-medium text-genie-800">
        {redirectingTo && (
          <>
            <Spinner className="h-4 w-4" /> Payment processing for {redirectingTo.name}. Taking you to your dashboard…
          </>
        )}
      </div>
    </div>
  );
}
