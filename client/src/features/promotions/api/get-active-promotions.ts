import { useEffect, useState } from 'react';
import type { ActivePromotionsResponse } from '@contract/promotions';
import { getJson } from '@/lib/request';

export const getActivePromotions = (signal?: AbortSignal) => getJson<ActivePromotionsResponse>('/api/promotions/active', { signal });

// Fetched once per page load and shared by the landing and premium pages, as SPEC §9's data cache
// (never stale by itself) would. Plain fetch rather than TanStack Query: the landing page loads
// no query library at all, which keeps its JavaScript under budget (bench #6).
let shared: Promise<ActivePromotionsResponse> | null = null;
let loaded: ActivePromotionsResponse | undefined;

function loadOnce(): Promise<ActivePromotionsResponse> {
  shared ??= getActivePromotions().then(
    (response) => (loaded = response),
    (error: unknown) => {
      shared = null; // a failed load is tried again by the next page that asks
      throw error;
    },
  );
  return shared;
}

/** Live promotions for visitors. A failed load shows no promotion: the page never waits on it. */
export function useActivePromotions(): { data: ActivePromotionsResponse | undefined } {
  const [data, setData] = useState(loaded);
  useEffect(() => {
    let mounted = true;
    loadOnce().then(
      (response) => mounted && setData(response),
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, []);
  return { data };
}
