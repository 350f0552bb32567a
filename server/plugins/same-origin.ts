import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a browser sent from another site (CSRF), judged by
 * Sec-Fetch-Site and Origin. Requests without either (curl, a payment processor's webhook)
 * carry no ambient cookie risk and pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl?: string) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('cross_site', 'Cross-site requests are not allowed.');
    }
    const origin = request.headers.origin;
    if (!origin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError('cross_site', 'Cross-site requests are not allowed.');
    }
    if (originHost === request.headers.host || origin === publicOrigin) return;
    throw new AppError('cross_site', 'Cross-site requests are not allowed.');
  });
}
