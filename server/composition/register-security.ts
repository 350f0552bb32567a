import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { ObjectStore } from '../adapters/storage/object-store';
import { AppError } from '../lib/app-error';
import { registerApiNoStore } from '../plugins/api-no-store';
import { registerSameOriginCheck } from '../plugins/same-origin';
import { registerSecurityHeaders } from '../plugins/security-headers';

/** Whether Genie is reached over https (PUBLIC_URL): cookies are then Secure and HSTS is sent. */
export function servesHttps(config: Config): boolean {
  return config.PUBLIC_URL?.startsWith('https://') ?? false;
}

/** Security headers, no caching of the API, cookies, rate limits and the same-origin check. */
export async function registerSecurity(app: FastifyInstance, config: Config, objectStore: ObjectStore) {
  await registerSecurityHeaders(app, servesHttps(config), objectStore.uploadOrigins?.() ?? []);
  registerApiNoStore(app);
  await app.register(fastifyCookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts. Try again in ${context.after}.`),
  });
  registerSameOriginCheck(app, { publicUrl: config.PUBLIC_URL, listenHost: config.HOST });
}
