import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@contract/billing';
import { getJson } from '@/lib/request';

export const getInvoice = (id: string) => getJson<Invoice>(`/api/billing/invoices/${encodeURIComponent(id)}`);

/** While pending the page asks again every few seconds, so paid or expired shows by itself. */
export const INVOICE_POLL_MS = 3_000;

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'invoice', id],
    queryFn: () => getInvoice(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? INVOICE_POLL_MS : false),
    retry: false,
  });

export const useInvoice = (id: string) => useQuery(invoiceQueryOptions(id));
