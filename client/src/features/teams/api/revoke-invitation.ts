import type { Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { useTeamChange } from './use-team-change';

export const revokeInvitation = async (id: string): Promise<Team> =>
  (await apiRequest('DELETE', `/api/team/invitations/${encodeURIComponent(id)}`)).json();

export const useRevokeInvitation = () => useTeamChange(revokeInvitation);
