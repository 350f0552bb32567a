import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMode } from '@contract/chat';
import type { Persona, PersonaId } from '@contract/personas';
import type { TeamPolicyView } from '@contract/team-controls';
import { getJson } from './request';

/**
 * Issue 43: the team's policy, read by the chat (it shows only what the policy allows) and the
 * Team page (which edits it); shared here because a feature never imports another.
 */
export const teamPolicyQueryOptions = () => queryOptions({ queryKey: ['team-policy'], queryFn: () => getJson<TeamPolicyView>('/api/team/policy') });
export const useTeamPolicy = () => useQuery(teamPolicyQueryOptions());

type Rules = Pick<TeamPolicyView, 'personas' | 'modes'> | undefined;

/**
 * The personas the carousel, the tour and the picker offer: those the policy allows. Before the
 * policy has loaded, all. A policy that allows none offers all too, so the chat still opens and
 * the server's refusal says why (and who can change it).
 */
export function allowedPersonas(personas: readonly Persona[], policy: Rules): readonly Persona[] {
  if (!policy) return personas;
  const allowed = personas.filter((p) => policy.personas.includes(p.id));
  return allowed.length > 0 ? allowed : personas;
}

/** The persona to chat with: the chosen one if allowed, else the first the policy allows. */
export function allowedPersonaId(chosen: PersonaId, allowed: readonly Persona[]): PersonaId {
  return allowed.some((p) => p.id === chosen) ? chosen : (allowed[0]?.id ?? chosen);
}

/** The mode to chat in: the chosen one if allowed, else the first the policy allows (Chat before the others). */
export function allowedMode(chosen: ChatMode, modes: readonly ChatMode[], policy: Rules): ChatMode {
  if (!policy || policy.modes.includes(chosen)) return chosen;
  return modes.find((m) => policy.modes.includes(m)) ?? chosen;
}
