import type { FastifyInstance } from 'fastify';

/**
 * Every answer under /api/ is `Cache-Control: no-store` unless its route sets its own: nearly all
 * of them carry a person's data (who they are, their files, conversations, team, search results),
 * and neither the browser's cache nor a proxy may keep one for the next person at that machine.
 * Set before the route runs, so refusals (401, 404, 429) carry it too; a route that sets the
 * header replaces it (downloads revalidate each time, `private, no-cache`; exports are
 * `private, no-store`; a streamed reply `no-store, no-transform`).
 */
export function registerApiNoStore(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
