import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamInvoices } from '@contract/billing';
import { getJson } from '@/lib/request';

export const getTeamInvoices = () => getJson<TeamInvoices>('/api/billing/invoices');

export const teamInvoicesQueryOptions = () => queryOptions({ queryKey: ['billing', 'team-invoices'], queryFn: getTeamInvoices, retry: false, refetchOnMount: 'always' });

export const useTeamInvoices = () => useQuery(teamInvoicesQueryOptions());
