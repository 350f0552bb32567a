import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Team } from '@contract/teams';
import { teamQueryOptions } from './get-team';

/**
 * The shape every team change shares: the server answers with the team as it is now, which is
 * shown at once. Everything else cached is refreshed too, since the plan, the role and the team
 * library that other pages show may follow a change of team.
 */
export function useTeamChange<Vars>(change: (vars: Vars) => Promise<Team>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (team) => {
      queryClient.setQueryData(teamQueryOptions().queryKey, team);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== teamQueryOptions().queryKey[0] });
    },
  });
}
