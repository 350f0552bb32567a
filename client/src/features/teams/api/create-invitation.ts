import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationBody, CreatedInvitation } from '@contract/teams';
import { apiRequest } from '@/lib/request';
import { rememberInvitationLink } from '../lib/invitation-links';
import { teamQueryOptions } from './get-team';

export const createInvitation = async (body: CreateInvitationBody): Promise<CreatedInvitation> =>
  (await apiRequest('POST', '/api/team/invitations', body)).json();

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async (created) => {
      // The server keeps only the link's hash: this tab keeps the link so it can be copied again.
      rememberInvitationLink(created.id, created.url);
      await queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey });
    },
  });
}
