import type { FastifyRequest } from 'fastify';
import type { SessionOrigin } from './auth.service';

/** The browser and address a sign-in came from (request.ip honours TRUST_PROXY). */
export const sessionOriginOf = (request: FastifyRequest): SessionOrigin => ({
  userAgent: request.headers['user-agent'],
  ipAddress: request.ip,
});
