import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@contract/teams';
import { getJson } from '@/lib/request';

export const getInvitation = (token: string) => getJson<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`);

// A 404 (used, revoked, expired) is an answer, not a hiccup: no retries.
export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitation', token], queryFn: () => getInvitation(token), retry: false });

export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));
