import { useSearch } from 'wouter';
import { PLAN_IDS, type PlanId } from '@contract/plan-catalogue';
import { SkipLink } from '@/components/ui/skip-link';
import { useTranslation } from '@/lib/i18n/i18n';
import { AccountArea } from '@/features/auth/components/account-area';
import { PlansIncluded } from '@/features/premium/components/plans-included';
import { PlansSection } from '@/features/premium/components/plans-section';
import { PremiumHeader } from '@/features/premium/components/premium-header';
import { PromotionBanner } from '@/features/promotions/components/promotion-banner';
import { useLivePromotions } from '@/features/promotions/hooks/use-live-promotions';
import { RemoveMembersDialog } from '@/features/teams/components/remove-members-dialog';

/** SPEC §2: `?plan=starter|pro|enterprise` highlights that plan; anything else highlights none. */
function planFromSearch(search: string): PlanId | null {
  const value = new URLSearchParams(search).get('plan');
  return PLAN_IDS.find((id) => id === value) ?? null;
}

export default function PremiumPage() {
  const { t } = useTranslation('premium');
  const selectedPlan = planFromSearch(useSearch());
  const promotions = useLivePromotions();
  return (
    <div className="relative isolate min-h-screen bg-slate-50">
      <div aria-hidden="true" className="fixed-palette absolute inset-x-0 top-0 -z-10 h-[29rem] bg-genie-950 bg-[radial-gradient(50rem_30rem_at_70%_-20%,rgba(139,92,246,0.5),transparent)]" />
      <SkipLink />
      <PromotionBanner promotions={promotions} />
      <PremiumHeader account={<AccountArea tone="dark" />} />
      <main id="main" tabIndex={-1} className="outline-none">
        <div className="fixed-palette mx-auto max-w-3xl px-4 pb-12 pt-6 text-center sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-widest text-genie-200">{t('eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 text-lg text-pretty text-genie-100/80">{t('lead')}</p>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
          <PlansSection selectedPlan={selectedPlan} promotions={promotions} RemoveMembers={RemoveMembersDialog} />
        </div>
        <PlansIncluded />
      </main>
    </div>
  );
}
