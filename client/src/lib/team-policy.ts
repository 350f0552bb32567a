import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamPolicyView } from '@contract/team-controls';
import { getJson } from './request';

/**
 * Issue 43: the team's policy, read by the chat (it shows only what the policy allows) and the
 * Team page (which edits it); shared here because a feature never imports another.
 */
export const teamPolicyQueryOptions = () => queryOptions({ queryKey: ['team-policy'], queryFn: () => getJson<TeamPolicyView>('/api/team/policy') });
export const useTeamPolicy = () => useQuery(teamPolicyQueryOptions());
