import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingOptions } from '@contract/billing';
import { getJson } from '@/lib/request';

export const getBillingOptions = () => getJson<BillingOptions>('/api/billing/options');

// The operator's settings: they change only with a restart.
export const billingOptionsQueryOptions = () => queryOptions({ queryKey: ['billing', 'options'], queryFn: getBillingOptions, staleTime: 5 * 60_000 });

export const useBillingOptions = () => useQuery(billingOptionsQueryOptions());
