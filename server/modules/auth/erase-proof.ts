import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../lib/tokens';

export const ERASE_PROOF_COOKIE = 'genie_erase_proof';
/** How long a fresh single sign-on confirms an erasure: enough to press the button, no more. */
export const ERASE_PROOF_TTL_MS = 5 * 60 * 1000;
const PATH = '/api/user';

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`erase-proof:${payload}`).digest('base64url');

/**
 * The proof that the person at this browser just signed in again at the OpenID provider as the
 * account's owner: what DELETE /api/user takes instead of a password for an account that has none.
 * Signed with SESSION_SECRET, bound to the account, HttpOnly, SameSite=Strict, sent only to
 * /api/user and void after ERASE_PROOF_TTL_MS.
 */
export function setEraseProof(reply: FastifyReply, secret: string, userId: string, now: Date, secure: boolean) {
  const payload = Buffer.from(JSON.stringify({ userId, expiresAt: now.getTime() + ERASE_PROOF_TTL_MS })).toString('base64url');
  reply.setCookie(ERASE_PROOF_COOKIE, `${payload}.${sign(secret, payload)}`, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: ERASE_PROOF_TTL_MS / 1000,
  });
}

/** Whether this request carries a live proof for `userId` (missing, forged, stale or another account's: no). */
export function hasEraseProof(request: FastifyRequest, secret: string, userId: string, now: Date): boolean {
  const raw = request.cookies[ERASE_PROOF_COOKIE];
  if (!raw) return false;
  const [payload, signature] = raw.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(secret, payload))) return false;
  try {
    const proof = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { userId?: unknown; expiresAt?: unknown };
    return proof.userId === userId && typeof proof.expiresAt === 'number' && proof.expiresAt > now.getTime();
  } catch {
    return false;
  }
}

export function clearEraseProof(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(ERASE_PROOF_COOKIE, { path: PATH, httpOnly: true, sameSite: 'strict', secure });
}
