import { z } from 'zod';

/** Every error the API answers with: a sentence for a person and a code for a program. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Machine codes and the HTTP status each one maps to (DESIGN.md "Errors"). */
export const errorStatus = {
  invalid_input: 400,
  not_signed_in: 401,
  invalid_credentials: 401,
  invalid_token: 401,
  invalid_signature: 401,
  forbidden: 403,
  cross_site: 403,
  unknown_host: 403,
  premium_required: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  seat_limit: 409,
  too_large: 413,
  storage_full: 413,
  unsupported_type: 415,
  rate_limited: 429,
  allowance_exhausted: 429,
  provider_failed: 502,
  unavailable: 503,
  /** A link would be mailed, but PUBLIC_URL (the only origin mail links are built from) is unset. */
  public_url_unset: 503,
  insufficient_storage: 507,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
