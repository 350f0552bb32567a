import type { Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { useTeamChange } from './use-team-change';

export const removeMember = async (userId: string): Promise<Team> =>
  (await apiRequest('DELETE', `/api/team/members/${encodeURIComponent(userId)}`)).json();

export const useRemoveMember = () => useTeamChange(removeMember);
