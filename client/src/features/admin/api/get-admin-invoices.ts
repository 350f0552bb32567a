import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInvoicesResponse } from '@contract/billing';
import { POLL_ADMIN_MS } from '@contract/limits';
import { useAdminPolling } from '../hooks/use-admin-polling';
import { ADMIN_QUERY_KEY, adminGet } from '../lib/admin-token';

export type InvoiceFilter = 'pending' | 'paid' | 'expired' | 'invalid' | 'refunded' | 'all';

export const adminInvoicesQueryOptions = (status: InvoiceFilter) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'invoices', status], queryFn: () => adminGet<AdminInvoicesResponse>(`/api/admin/invoices?status=${status}`) });

export const useAdminInvoices = (status: InvoiceFilter) => useQuery({ ...adminInvoicesQueryOptions(status), ...useAdminPolling(POLL_ADMIN_MS) });
