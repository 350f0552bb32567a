import type { FastifyInstance } from 'fastify';
import { SIGNED_IN_PATHS } from '@contract/first-reads';
import { SESSION_COOKIE } from './modules/auth/session-cookie';

/** The longest the warm-up may hold the start; it took ~50-100 ms on a cold 2-core machine. */
const WARM_UP_LIMIT_MS = 2_000;

/**
 * Asks once for each signed-in page, as a browser with a session cookie would; the cookie
 * matches no session. The page's route, its first reads (each answered 401 and left out of the
 * page), the session lookup, brotli and the embedded database's first statements then run before
 * a person's first request instead of during it. Asked for at once after a restart, the first
 * /files with a session took 48-93 ms to its end and later ones 8-19 ms; warmed, the first takes
 * 22-36 ms (issue 19: the file manager's first visit after start;
 * bench/profile/first-page-after-restart.ts). Each answer's status, for the test.
 */
export async function warmUp(app: FastifyInstance): Promise<number[]> {
  const statuses: number[] = [];
  for (const url of SIGNED_IN_PATHS) {
    const page = await app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=warm-up`, 'accept-encoding': 'br, gzip' } });
    statuses.push(page.statusCode);
  }
  return statuses;
}

/**
 * warmUp, for main.ts before the server listens: then no person's request shares the thread with
 * it, and no request but its own can reach the logger, which is silenced meanwhile (its requests
 * would be twenty lines of "GET /chat" from 127.0.0.1 at every start). It holds the start for at
 * most WARM_UP_LIMIT_MS; a failure of it is logged, not the start's.
 */
export async function warmUpBeforeListening(app: FastifyInstance): Promise<void> {
  const level = app.log.level;
  // Silenced before the first request is made, not after it has begun.
  app.log.level = 'silent';
  const warming = warmUp(app).then(
    () => null,
    (error: unknown) => error,
  );
  try {
    await Promise.race([warming, new Promise((resolve) => setTimeout(resolve, WARM_UP_LIMIT_MS).unref())]);
  } finally {
    app.log.level = level;
  }
  // Taken once the level is back, so a failure is logged whenever it comes.
  void warming.then((error) => {
    if (error) app.log.warn({ err: error }, 'warming up the signed-in pages failed');
  });
}
