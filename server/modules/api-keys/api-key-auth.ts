import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ApiKeysService, ApiKeyUser } from './api-keys.service';

export const MISSING_KEY_MESSAGE = 'Send your Genie API key as "Authorization: Bearer <key>". Make one under Profile → Security.';
export const INVALID_KEY_MESSAGE = 'That API key is not valid: it was revoked, it has expired, or its account is not active.';

/** The key of `Authorization: Bearer <key>`, or undefined. A session cookie never counts here. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  return match?.[1];
}

/** The user the request's API key acts as (read once per request), or a 401 (`invalid_token`). */
export async function requireApiKeyUser(request: FastifyRequest, keys: ApiKeysService): Promise<ApiKeyUser> {
  const key = apiKeyOf(request);
  if (!key) throw new AppError('invalid_token', MISSING_KEY_MESSAGE);
  const user = await keys.authenticate(key);
  if (!user) throw new AppError('invalid_token', INVALID_KEY_MESSAGE);
  return user;
}
