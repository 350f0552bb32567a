import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet itself, not @fastify/helmet: the plugin calls `helmet(options)` on every request, which
 * rebuilds every middleware and re-parses the CSP: about a fifth of the CPU of a small authenticated
 * read (bench #5). Built once here, it sets the same headers.
 *
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
  // helmet passes on only Errors (from a directive given as a function; none here).
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
}
