import { PLANS, seatLimit, type PlanId } from '@contract/plan-catalogue';
import type { TeamRow } from '../../db/schema/teams';
import { AppError } from '../../lib/app-error';

/** The plan that counts now: the team's while its period runs, Free (null) once it lapses. */
export function livePlan(team: Pick<TeamRow, 'plan' | 'premiumUntil'>, now: Date): PlanId | null {
  const live = team.premiumUntil !== null && team.premiumUntil.getTime() > now.getTime();
  return live && PLANS.some((p) => p.id === team.plan) ? (team.plan as PlanId) : null;
}

export const planName = (plan: PlanId | null) => (plan === null ? 'Free' : PLANS.find((p) => p.id === plan)!.name);

const UPGRADE: Record<'free' | PlanId, string> = {
  free: 'Upgrade to Starter for up to 3 members or Pro for up to 10, or revoke a pending invitation.',
  starter: 'Upgrade to Pro for up to 10 members, or revoke a pending invitation.',
  pro: 'Upgrade to Enterprise for more members, or revoke a pending invitation.',
  enterprise: 'Ask your Genie operator to raise the Enterprise seats, or revoke a pending invitation.',
};

/**
 * The refusal when a team has no free seat: it names the plan's limit and the way up. A plan that
 * lapsed below the member count reads the same ("uses 4 of 1 seat"): nobody is removed.
 */
export function seatLimitError(plan: PlanId | null, used: number, limit: number): AppError {
  const seats = `${limit} seat${limit === 1 ? '' : 's'}`;
  return new AppError(
    'seat_limit',
    `Your team uses ${used} of ${seats} on the ${planName(plan)} plan (members and pending invitations count). ${UPGRADE[plan ?? 'free']}`,
  );
}

/**
 * The refusal when a plan being bought has fewer seats than the team has members (issue 41): it
 * names how many must go, and the owner chooses whom; nobody is removed by a purchase.
 */
export function tooManyMembersError(plan: PlanId, members: number, limit: number): AppError {
  const name = planName(plan);
  const extra = members - limit;
  return new AppError(
    'seat_limit',
    `The ${name} plan has ${limit} seat${limit === 1 ? '' : 's'} and your team has ${members} members. Remove ${extra} member${extra === 1 ? '' : 's'} before choosing ${name}: nobody is removed without you choosing.`,
  );
}

export const seatsOf = (plan: PlanId | null, enterpriseSeats: number | undefined) => seatLimit(plan, enterpriseSeats ?? null);
