import { useQuery } from '@tanstack/react-query';
import { adminGet, useAdminToken } from '../lib/admin-token';

/** A polled admin GET keyed by its URL (SPEC §7): it runs and polls only while signed in. */
export function useAdminQuery<T>(url: string, intervalMs: number) {
  const token = useAdminToken();
  return useQuery({
    queryKey: [url],
    queryFn: () => adminGet<T>(url),
    enabled: token !== null,
    refetchInterval: token !== null ? intervalMs : false,
  });
}
