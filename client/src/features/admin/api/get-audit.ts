import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditList } from '@contract/accounts';
import { ADMIN_QUERY_KEY, adminGet, useAdminToken } from '../lib/admin-token';

export interface AuditFilters {
  action: string;
  admin: string;
  /** yyyy-mm-dd, inclusive, in the admin's own time zone. */
  from: string;
  to: string;
}

const startOfDay = (day: string, plusDays = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', filters],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (filters.action) params.set('action', filters.action);
      if (filters.admin.trim()) params.set('admin', filters.admin.trim());
      if (filters.from) params.set('from', startOfDay(filters.from));
      if (filters.to) params.set('to', startOfDay(filters.to, 1));
      if (pageParam) params.set('cursor', pageParam);
      return adminGet<AdminAuditList>(`/api/admin/audit?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useAudit = (filters: AuditFilters) => useInfiniteQuery({
    ...auditQueryOptions(filters),
    // A refined search keeps the rows shown until its answer comes: the list is not swapped for a
    // spinner, so a row's open confirm dialog is not unmounted under the admin's click.
    placeholderData: keepPreviousData,
    enabled: useAdminToken() !== null,
  });
