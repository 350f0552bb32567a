import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivePromotionsResponse } from '@contract/promotions';
import { getJson } from '@/lib/request';

export const ACTIVE_PROMOTIONS_QUERY_KEY = ['/api/promotions/active'] as const;

export const getActivePromotions = (signal?: AbortSignal) => getJson<ActivePromotionsResponse>('/api/promotions/active', { signal });

export const activePromotionsQueryOptions = () =>
  queryOptions({
    queryKey: ACTIVE_PROMOTIONS_QUERY_KEY,
    queryFn: ({ signal }) => getActivePromotions(signal),
  });

/** Live promotions for visitors. A failed load shows no promotion: the page never waits on it. */
export const useActivePromotions = () => useQuery(activePromotionsQueryOptions());
