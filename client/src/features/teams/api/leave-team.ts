import type { Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { useTeamChange } from './use-team-change';

export const leaveTeam = async (): Promise<Team> => (await apiRequest('POST', '/api/team/leave')).json();

export const useLeaveTeam = () => useTeamChange(leaveTeam);
