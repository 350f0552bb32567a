import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SIGNED_IN_PATHS } from '@contract/first-reads';
import { SESSION_COOKIE } from './modules/auth/session-cookie';

/**
 * The user agent of the warm-up's requests, which the page's first reads copy: app.ts does not
 * log requests made with it (they would be twenty lines of "GET /chat" from 127.0.0.1 at every
 * start). Random per process, so no client can hide its own requests from the log by sending it.
 */
export const WARM_UP_AGENT = `genie-warm-up/${randomUUID()}`;

/**
 * Asks once for each signed-in page, as a browser with a session cookie would, just before the
 * server starts listening; the cookie matches no session. The page's route, its first reads
 * (each answered 401 and left out of the page), the session lookup, brotli and the embedded
 * database's first statements then run before a person's first request instead of during it.
 * Asked for at once after a restart, the first /files with a session took 48-93 ms to its end
 * and later ones 8-19 ms; warmed, the first takes 22-36 ms (issue 19: the file manager's first
 * visit after start; bench/profile/first-page-after-restart.ts). Each answer's status, for the test.
 */
export async function warmUp(app: FastifyInstance): Promise<number[]> {
  const statuses: number[] = [];
  for (const url of SIGNED_IN_PATHS) {
    const page = await app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=warm-up`, 'accept-encoding': 'br, gzip', 'user-agent': WARM_UP_AGENT } });
    statuses.push(page.statusCode);
  }
  return statuses;
}
