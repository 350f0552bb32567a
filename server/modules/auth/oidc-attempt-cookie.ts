import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OidcAttempt } from '../../adapters/oidc/oidc-client';
import { safeEqual } from '../../lib/tokens';

export const OIDC_ATTEMPT_COOKIE = 'genie_oidc';
/** How long a person may take at the provider before the attempt is void. */
export const OIDC_ATTEMPT_TTL_MS = 10 * 60 * 1000;

interface StoredAttempt extends OidcAttempt {
  /** Where to go after signing in: a path of this site. */
  next: string;
  expiresAt: number;
  /** Set when the attempt confirms who is erasing this account (DELETE /api/user), not a sign-in. */
  eraseFor?: string;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`oidc-attempt:${payload}`).digest('base64url');

/**
 * The attempt's state, nonce and PKCE verifier live in the browser between start and callback,
 * signed with SESSION_SECRET, HttpOnly and SameSite=Lax (the provider's redirect back is a
 * top-level GET, which Lax lets through): no table to fill with abandoned attempts.
 */
export function setAttemptCookie(reply: FastifyReply, secret: string, attempt: OidcAttempt, next: string, now: Date, secure: boolean, eraseFor?: string) {
  const stored: StoredAttempt = { ...attempt, next, expiresAt: now.getTime() + OIDC_ATTEMPT_TTL_MS, ...(eraseFor ? { eraseFor } : {}) };
  const payload = Buffer.from(JSON.stringify(stored)).toString('base64url');
  reply.setCookie(OIDC_ATTEMPT_COOKIE, `${payload}.${sign(secret, payload)}`, {
    path: '/api/auth/oidc',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: OIDC_ATTEMPT_TTL_MS / 1000,
  });
}

/** The attempt this browser started, or undefined when the cookie is missing, forged or stale. */
export function attemptOf(request: FastifyRequest, secret: string, now: Date): StoredAttempt | undefined {
  const raw = request.cookies[OIDC_ATTEMPT_COOKIE];
  if (!raw) return undefined;
  const [payload, signature] = raw.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(secret, payload))) return undefined;
  try {
    const stored = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StoredAttempt;
    return stored.expiresAt > now.getTime() ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function clearAttemptCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(OIDC_ATTEMPT_COOKIE, { path: '/api/auth/oidc', httpOnly: true, sameSite: 'lax', secure });
}
