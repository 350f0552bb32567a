import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@contract/teams';
import { getJson } from '@/lib/request';

/**
 * GET /api/invitations/<token>, read by the sign-up page reached from an invitation: the address
 * the invitation names fills Email (issue 42). The team pages read the same preview through their
 * own file (features never import each other); this key is the sign-up's own.
 */
export const invitationEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['signup-invitation', token],
    queryFn: async () => (await getJson<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`)).email,
    // A used or expired invitation leaves Email for the person to type; the sign-up says why if it fails.
    retry: false,
  });

/** The invited address, once read; undefined without an invitation, while reading, or when it cannot be read. */
export function useInvitationEmail(token: string | undefined): string | undefined {
  const { data } = useQuery({ ...invitationEmailQueryOptions(token ?? ''), enabled: token !== undefined });
  return data;
}
