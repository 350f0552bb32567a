import type { Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { useTeamChange } from './use-team-change';

export const renameTeam = async (name: string): Promise<Team> => (await apiRequest('PATCH', '/api/team', { name })).json();

export const useRenameTeam = () => useTeamChange(renameTeam);
