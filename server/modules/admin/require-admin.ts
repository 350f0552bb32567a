import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AdminAuthService, AdminIdentity } from './admin-auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    adminPromise?: Promise<AdminIdentity | null>;
  }
  interface FastifyInstance {
    adminAuth: AdminAuthService;
  }
}

/** The bearer token of `Authorization: Bearer <token>`, or undefined. A user's cookie never counts. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1];
}

/** The signed-in admin, or a 401; resolved once per request. */
export async function requireAdmin(request: FastifyRequest): Promise<AdminIdentity> {
  if (!request.adminPromise) {
    const token = bearerTokenOf(request);
    request.adminPromise = token ? request.server.adminAuth.resolveToken(token) : Promise.resolve(null);
  }
  const admin = await request.adminPromise;
  if (!admin) throw new AppError('invalid_token', 'Admin sign-in required. Please sign in again.');
  return admin;
}

/** An onRequest hook: runs before the body is parsed, so a caller without a token learns nothing else. */
export async function adminOnly(request: FastifyRequest) {
  await requireAdmin(request);
}

export function decorateAdminAuth(app: FastifyInstance, service: AdminAuthService) {
  app.decorate('adminAuth', service);
}
