import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, UserProfile } from '@contract/profile';
import { apiRequest } from '@/lib/request';
import { PROFILE_QUERY_KEY } from './get-profile';

export const updateProfile = async (body: UpdateProfileBody): Promise<UserProfile> =>
  (await apiRequest('PUT', '/api/user/profile', body)).json();

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      // SPEC §7: success refreshes the profile; the saved values show at once meanwhile.
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The signed-in user (name, email) is cached under its own URL too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] }),
      ]);
    },
  });
}
