import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/request';

interface SubscriptionResponse {
  isPremium: boolean;
  expiresAt: string | null;
  plan: string | null;
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user/subscription'],
    queryFn: () => getJson<SubscriptionResponse>('/api/user/subscription'),
  });

/** Whether the user is premium; a failed or pending answer counts as not premium. */
export function useIsPremium(): boolean {
  const { data } = useQuery(subscriptionQueryOptions());
  return data?.isPremium === true;
}
