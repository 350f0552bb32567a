import type { FastifyReply } from 'fastify';

/**
 * Takes a reply over as a server-sent event stream: the headers the app set so far (security
 * headers, the rate limit's) and those a stream needs. Never stored by a cache (a reply is the
 * user's own), never transformed, and not buffered by proxies such as nginx.
 */
export function openEventStream(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
}
