import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser, AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset.service';
import { sessionTokenOf } from './session-cookie';
import type { EmailVerificationService } from './email-verification.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved lazily and once per request: public routes pay no session lookup. */
    userPromise?: Promise<AuthenticatedUser | null>;
  }
  interface FastifyInstance {
    authService: AuthService;
    /** Password reset by mail; tests await `idle()` for the mail sent in the background. */
    passwordResets: PasswordResetService;
    /** Email verification links; tests await `idle()` for the mail sign-up sends in the background. */
    emailVerification: EmailVerificationService;
  }
}

/** The signed-in user, or null when the request carries no live session. */
export function currentUser(request: FastifyRequest): Promise<AuthenticatedUser | null> {
  if (!request.userPromise) {
    const token = sessionTokenOf(request);
    request.userPromise = token ? request.server.authService.resolveSession(token) : Promise.resolve(null);
  }
  return request.userPromise;
}

/** The signed-in user, or a 401 for a visitor. */
export async function requireUser(request: FastifyRequest): Promise<AuthenticatedUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('not_signed_in', 'Please sign in to continue.');
  return user;
}

export function decorateAuth(app: FastifyInstance, authService: AuthService) {
  app.decorate('authService', authService);
}
