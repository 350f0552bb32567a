import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersUpgrade } from '@contract/plan-catalogue';
import type { SubscriptionInfo } from '@contract/profile';
import { getJson } from '@/lib/request';

export const getSubscription = () => getJson<SubscriptionInfo>('/api/user/subscription');

export const subscriptionQueryOptions = () => queryOptions({ queryKey: ['subscription'], queryFn: getSubscription });

/** Whether the user is premium; a failed or pending answer counts as not premium. */
export function useIsPremium(): boolean {
  const { data } = useQuery(subscriptionQueryOptions());
  return data?.isPremium === true;
}

/** Whether the sidebar offers Upgrade: not to Pro or Enterprise (issue 42); not before the answer is in, so it never flickers away. */
export function useOffersUpgrade(): boolean {
  const { data } = useQuery(subscriptionQueryOptions());
  return data !== undefined && offersUpgrade(data);
}
