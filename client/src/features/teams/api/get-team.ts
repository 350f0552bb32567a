import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@contract/teams';
import { getJson } from '@/lib/request';

export const getTeam = () => getJson<Team>('/api/team');

// Read afresh each time the page opens: others may have joined, left or changed roles meanwhile.
export const teamQueryOptions = () => queryOptions({ queryKey: ['team'], queryFn: getTeam, refetchOnMount: 'always' });

export const useTeam = () => useQuery(teamQueryOptions());
