import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonaId } from '@contract/personas';
import type { PersonasResponse } from '@contract/chat';
import { getJson } from '@/lib/request';

/** GET /api/personas: each persona with the model answering for it now (or "Offline"). */
export const getPersonas = (signal?: AbortSignal) => getJson<PersonasResponse>('/api/personas', { signal });

export const personasQueryOptions = () => queryOptions({ queryKey: ['personas'], queryFn: ({ signal }) => getPersonas(signal) });

/** The model in use per persona; empty until it loads (the slides then show each persona's own label). */
export function usePersonaModels(): Partial<Record<PersonaId, string>> {
  const { data } = useQuery(personasQueryOptions());
  const models: Partial<Record<PersonaId, string>> = {};
  for (const persona of data?.personas ?? []) models[persona.id] = persona.modelName;
  return models;
}
