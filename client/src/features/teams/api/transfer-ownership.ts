import type { Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { useTeamChange } from './use-team-change';

export const transferOwnership = async (userId: string): Promise<Team> =>
  (await apiRequest('POST', '/api/team/transfer', { userId })).json();

export const useTransferOwnership = () => useTeamChange(transferOwnership);
