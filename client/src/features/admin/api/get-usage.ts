import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsage } from '@contract/team-controls';
import { ADMIN_QUERY_KEY, adminGet, useAdminToken } from '../lib/admin-token';

/** GET /api/admin/usage?month=YYYY-MM (issue 43): tokens and cost of the month across teams. */
export const adminUsageQueryOptions = (month: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'usage', month], queryFn: () => adminGet<AdminUsage>(`/api/admin/usage?month=${encodeURIComponent(month)}`) });

export const useAdminUsage = (month: string) => useQuery({ ...adminUsageQueryOptions(month), enabled: useAdminToken() !== null && /^\d{4}-\d{2}$/.test(month) });
