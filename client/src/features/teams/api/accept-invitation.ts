import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Team } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { invitationQueryOptions } from './get-invitation';
import { teamQueryOptions } from './get-team';

export const acceptInvitation = async (token: string): Promise<Team> =>
  (await apiRequest('POST', `/api/invitations/${encodeURIComponent(token)}/accept`)).json();

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (team) => {
      // A new team: its plan, its library and one's role in it change what every page shows. Not
      // the invitation itself: it is used up, and asking for it again only earns a 404 (issue 42).
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== invitationQueryOptions('').queryKey[0] });
      queryClient.setQueryData(teamQueryOptions().queryKey, team);
    },
  });
}
