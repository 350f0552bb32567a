import { useQuery } from '@tanstack/react-query';
import type { MyUsage } from '@contract/team-controls';
import { getJson } from '@/lib/request';

/** Issue 43: the caller's own tokens and cost this month. */
export const useMyUsage = () => useQuery({ queryKey: ['my-usage'], queryFn: () => getJson<MyUsage>('/api/profile/usage') });
