import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type HeadersMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: Error) => void) => void;

/**
 * helmet itself, resolved from @fastify/helmet (whose dependency it is). The plugin calls
 * `helmet(options)` on every request, which rebuilds every middleware and re-parses the CSP: about a
 * fifth of the CPU of a small authenticated read (bench #5). Built once here, it sets the same headers.
 */
const requireFromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
const helmet = requireFromPlugin('helmet') as (options: FastifyHelmetOptions) => HeadersMiddleware;

/**
 * Strict headers: no inline scripts, no framing, no sniffing, no referrer leaks. `uploadOrigins`
 * are where the page may send file bytes besides Genie itself: an S3 store's address, which the
 * browser PUTs to with presigned URLs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, https: boolean, uploadOrigins: readonly string[] = []) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the typing preview set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...uploadOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, done));
}
