import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

/**
 * Genie's own upload URLs for the local store: an HMAC-SHA256 under the session secret over one
 * object key, one user and an expiry, so a URL cannot be reused for another key, user or time.
 */
export const LOCAL_UPLOAD_PREFIX = '/api/objects/local-upload/';

const signatureOf = (secret: string, key: string, userId: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`genie-upload\n${key}\n${userId}\n${expiresAt}`).digest('base64url');

export function signedUploadUrl(secret: string, key: string, userId: string, expiresAt: Date): string {
  const expires = expiresAt.getTime();
  const query = new URLSearchParams({ user: userId, expires: String(expires), signature: signatureOf(secret, key, userId, expires) });
  return `${LOCAL_UPLOAD_PREFIX}${key}?${query}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/** Checks the signature first, so an expired URL is only reported as such when it was genuine. */
export function checkUploadSignature(
  secret: string,
  input: { key: string; userId: string; expires: number; signature: string },
  now: Date,
): SignatureCheck {
  if (!Number.isSafeInteger(input.expires)) return 'invalid';
  if (!safeEqual(signatureOf(secret, input.key, input.userId, input.expires), input.signature)) return 'invalid';
  return input.expires > now.getTime() ? 'valid' : 'expired';
}
