import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamDailyUsage } from '@contract/team-controls';
import { getJson } from '@/lib/request';
import { TEAM_USAGE_KEY } from './team-policy';

/** GET /api/team/usage/daily: the chart's 90 days (under the usage key, so a policy save refreshes it too). */
export const teamDailyUsageQueryOptions = () => queryOptions({ queryKey: [...TEAM_USAGE_KEY, 'daily'], queryFn: () => getJson<TeamDailyUsage>('/api/team/usage/daily') });

export const useTeamDailyUsage = () => useQuery(teamDailyUsageQueryOptions());
