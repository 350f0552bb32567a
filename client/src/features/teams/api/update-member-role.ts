import type { AssignableRole, Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { useTeamChange } from './use-team-change';

export const updateMemberRole = async ({ userId, role }: { userId: string; role: AssignableRole }): Promise<Team> =>
  (await apiRequest('PATCH', `/api/team/members/${encodeURIComponent(userId)}`, { role })).json();

export const useUpdateMemberRole = () => useTeamChange(updateMemberRole);
