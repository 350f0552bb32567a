import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonaId } from '@contract/personas';
import type { PersonasResponse } from '@contract/chat';

/** GET /api/personas: each persona with the model answering for it now (or "Offline"). */
export const personasQueryOptions = () => queryOptions<PersonasResponse>({ queryKey: ['/api/personas'] });

/** The model in use per persona; empty until it loads (the slides then show each persona's own label). */
export function usePersonaModels(): Partial<Record<PersonaId, string>> {
  const { data } = useQuery(personasQueryOptions());
  const models: Partial<Record<PersonaId, string>> = {};
  for (const persona of data?.personas ?? []) models[persona.id] = persona.model;
  return models;
}
