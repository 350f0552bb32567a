import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { guardBody } from '../lib/body-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads request.raw itself (an upload) and guards it on its own terms. */
    readsRawBody?: boolean;
  }
}

/**
 * Every parsed request body (JSON, at most 2 MB) must arrive whole within `seconds` of its
 * headers, or it is answered 408 and its connection closed: a body that trickles in a byte at a
 * time would otherwise hold a socket and its memory for ever (issue 14). Uploads are exempt:
 * they may be large and slow, and set their own idle limit.
 */
export function registerBodyDeadline(app: FastifyInstance, seconds: number) {
  const timedOut = () =>
    new AppError('request_timeout', `The request body did not arrive within ${seconds} seconds.`, undefined, { connection: 'close' });
  const interrupted = () => new AppError('invalid_input', 'The request body was interrupted before it all arrived.');
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.routeOptions.config.readsRawBody) return payload;
    const length = request.headers['content-length'];
    const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return payload;
    // Once the request is answered (a 404, a refused type) its body no longer matters.
    const over = new AbortController();
    // Only a body still arriving needs stopping: aborting creates a DOMException (with its stack),
    // which every chat paid for nothing once its body had been read (issue 19's profile).
    reply.raw.once('close', () => {
      if (!payload.readableEnded && !payload.destroyed) over.abort();
    });
    return guardBody(payload, { totalMs: seconds * 1000, timedOut, interrupted, signal: over.signal });
  });
}
