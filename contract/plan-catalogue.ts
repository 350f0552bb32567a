/**
 * SPEC §2 /premium and §9 Plans, free of zod so the landing page can show them without shipping
 * a validation library (contract/plans.ts builds its schemas from PLAN_IDS).
 * Prices in whole US dollars per month; null is "custom".
 */
export const PLAN_IDS = ['starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceUSD: number | null;
  popular: boolean;
  maxMembers: number | null;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPriceUSD: 49,
    popular: false,
    maxMembers: 3,
    features: ['Core templates', 'Up to 3 team members', 'Email support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUSD: 199,
    popular: true,
    maxMembers: 10,
    features: ['All templates plus custom ones', 'Up to 10 team members', 'Priority support', 'Private support bot'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUSD: null,
    popular: false,
    maxMembers: null,
    features: ['SSO', 'Data residency', 'BAA', 'DPA', 'Audits', 'Dedicated onboarding'],
  },
];

/** SPEC §2: Subscribe Now redirects to /app after 2 seconds. */
export const SUBSCRIBE_REDIRECT_MS = 2_000;

/** Seats of a team on Free (no plan, or a lapsed one). */
export const FREE_SEATS = 1;

/**
 * How many members (pending invitations included) a team on this plan may have; null is
 * unlimited. Enterprise takes the operator's ENTERPRISE_SEATS (unset: unlimited), so the server
 * passes it in; the other plans' limits are the catalogue's `maxMembers`.
 */
export function seatLimit(plan: PlanId | null, enterpriseSeats: number | null = null): number | null {
  if (plan === null) return FREE_SEATS;
  if (plan === 'enterprise') return enterpriseSeats;
  return PLANS.find((p) => p.id === plan)?.maxMembers ?? FREE_SEATS;
}

/**
 * Whether Upgrade is offered (the chat sidebar, /app): to Free and to Starter, whose next plan is
 * Pro, but not to a team already on Pro or Enterprise, which has nothing to subscribe to above it
 * (issue 42: Pro users were offered Upgrade).
 */
export function offersUpgrade(subscription: { isPremium: boolean; plan: string | null }): boolean {
  return !(subscription.isPremium && (subscription.plan === 'pro' || subscription.plan === 'enterprise'));
}
