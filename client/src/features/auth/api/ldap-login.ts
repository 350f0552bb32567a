import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUserResponse, LdapLoginBody } from '@contract/auth';
import { meQueryOptions } from '@/lib/current-user';
import { forgetSession } from '@/lib/session-user';
import { apiRequest } from '@/lib/request';

/** POST /api/auth/ldap/login: the company directory's name and password (never kept by Genie). */
export const ldapLogin = async (body: LdapLoginBody): Promise<AuthUserResponse> =>
  (await apiRequest('POST', '/api/auth/ldap/login', body)).json();

export function useLdapLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ldapLogin,
    onSuccess: (data) => {
      // A different account may have been signed in before: drop everything cached for it.
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, data);
      // The public headers (/, /premium, /app) keep their own answer: it must be asked again (issue 42).
      forgetSession();
    },
  });
}
