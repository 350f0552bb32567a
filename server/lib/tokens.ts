import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque 256-bit token for a cookie or a bearer header. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256: unguessable inputs need no slow hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
