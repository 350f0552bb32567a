import type { PersonaId } from '@contract/personas';
import type { ChosenPersona } from '@contract/profile';
import { apiRequest, getJson } from '@/lib/request';

/**
 * GET /api/user/persona: the persona this account chose in the carousel, read only by a browser
 * that has no choice stored yet (issue 42: the carousel came back in every new browser).
 */
export const getChosenPersona = () => getJson<ChosenPersona>('/api/user/persona');

/** PUT /api/user/persona: the carousel's result, kept on the account. A failure only means a new browser asks again. */
export const saveChosenPersona = (persona: PersonaId) => apiRequest('PUT', '/api/user/persona', { persona }).then(() => undefined, () => undefined);
