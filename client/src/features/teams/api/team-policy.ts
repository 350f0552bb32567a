import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamPolicy, TeamPolicyView, TeamUsage } from '@contract/team-controls';
import { apiRequest, getJson } from '@/lib/request';
import { teamPolicyQueryOptions } from '@/lib/team-policy';

export { useTeamPolicy } from '@/lib/team-policy';

export function useSaveTeamPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: TeamPolicy): Promise<TeamPolicyView> => (await apiRequest('PUT', '/api/team/policy', policy)).json(),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamPolicyQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: TEAM_USAGE_KEY });
    },
  });
}

export const teamUsageUrl = (month: string, csv = false) => `/api/team/usage?month=${encodeURIComponent(month)}${csv ? '&format=csv' : ''}`;

/** The root key of every month's usage (a new budget changes what is left in each). */
export const TEAM_USAGE_KEY = ['team-usage'] as const;
export const teamUsageQueryOptions = (month: string) => queryOptions({ queryKey: [...TEAM_USAGE_KEY, month], queryFn: () => getJson<TeamUsage>(teamUsageUrl(month)) });

export const useTeamUsage = (month: string, enabled: boolean) => useQuery({ ...teamUsageQueryOptions(month), enabled });
