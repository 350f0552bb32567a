import { z } from 'zod';

/**
 * Personal API keys (issue 40): POST/GET /api/api-keys, DELETE /api/api-keys/:id. A key is
 * `gk_` + 43 base64url characters (256 random bits), shown once at creation; lists carry only
 * its first characters (`prefix`). Keys authenticate /v1 (the OpenAI-compatible API) and /mcp.
 */

export const API_KEY_PREFIX = 'gk_';
/** Characters of the key kept and shown to tell keys apart: `gk_` and six more. */
export const API_KEY_SHOWN_CHARS = 9;
export const API_KEY_NAME_MAX_CHARS = 100;
export const API_KEY_EXPIRY_MAX_DAYS = 3650;
/** Keys one account may hold at once. */
export const API_KEYS_PER_USER_MAX = 50;

export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: 'Give the key a name' })
    .trim()
    .min(1, 'Give the key a name')
    .max(API_KEY_NAME_MAX_CHARS, `A key name may be at most ${API_KEY_NAME_MAX_CHARS} characters`),
  /** Omitted: the key does not expire. */
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'expiresInDays must be at least 1')
    .max(API_KEY_EXPIRY_MAX_DAYS, `expiresInDays must be at most ${API_KEY_EXPIRY_MAX_DAYS}`)
    .optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, e.g. `gk_Ab12Cd`. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to POST /api/api-keys, the only one that carries the whole key. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'That key was not found.' }) });

/** DELETE /api/admin/users/:id/api-keys: how many keys were revoked. */
export const adminApiKeysRevokedSchema = z.object({ revoked: z.number().int().min(0) });
export type AdminApiKeysRevoked = z.infer<typeof adminApiKeysRevokedSchema>;
