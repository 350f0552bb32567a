import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstReadsOf } from '@contract/first-reads';
import type { FirstScreen } from './page-server-render';

/**
 * A signed-in page's first reads (contract/first-reads.ts: /api/auth/me, and /files' first page
 * of its list or /chat's conversations), answered into the page's HTML when the request carries a
 * session. The page then draws with its data as soon as its scripts have run, instead of asking
 * for it once they have and waiting for the answer (issue 19: on a busy 2-core machine those two
 * GETs took 50-200 ms, and /files' first rows waited for them).
 *
 * Each read is the API's own answer: the route is called in-process with the request's cookie
 * (app.inject), so it is checked, scoped to the user and shaped exactly as a GET of its URL would
 * be. Only 200s are written; any other answer (a session that has ended, a folder that is gone)
 * is left for the page to ask for and show as it does today.
 *
 * The page is sent in two parts: everything up to its `<div id="root">` at once, so the browser
 * asks for the page's scripts and styles while the reads run, then the page's first screen drawn
 * from the reads where it is drawn on the server (page-server-render.ts) and the reads. Its module
 * scripts run only once the whole document is in, so they find the reads there.
 */

/** An answer larger than this is left for the page to ask for (a page of 100 files is tens of KB). */
const MAX_WRITTEN_BYTES = 512 * 1024;

/** Request headers the in-process read keeps: who is asking, and the host and proxy headers the same-origin check and logs read. */
const FORWARDED_HEADERS = ['cookie', 'host', 'user-agent', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

/** Whether a request carries a session (server/app.ts gives the auth module's own test). */
export type HasSession = (request: FastifyRequest) => boolean;

/** What is written into a signed-in page once its reads are in. */
export interface FirstReadsParts {
  /** The page's first screen, for the inside of `#root` ('' when the page draws it itself). */
  screen: string;
  /** The reads' `<script type="application/json">` elements, for before `</body>`. */
  elements: string;
}

const ROOT_ELEMENT = '<div id="root">';

/**
 * Sends `html` with `parts` written in: the page up to the inside of `#root` (or up to `</body>`,
 * for a page without one) at once, the rest when the reads are in; compressed as the request
 * accepts, each part flushed.
 */
export function sendWithFirstReads(reply: FastifyReply, html: string, parts: Promise<FirstReadsParts>) {
  const bodyEnd = html.lastIndexOf('</body>');
  const rootAt = html.indexOf(ROOT_ELEMENT);
  const firstPartEnd = rootAt < 0 || rootAt > bodyEnd ? bodyEnd : rootAt + ROOT_ELEMENT.length;
  const encoding = negotiate(reply.request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  const body: Transform =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : encoding === 'gzip'
        ? createGzip()
        : new PassThrough();
  body.write(html.slice(0, firstPartEnd));
  if ('flush' in body && typeof body.flush === 'function') body.flush();
  // firstReads settles every read itself; should it still fail, the page asks for them.
  void parts
    .catch(() => ({ screen: '', elements: '' }))
    .then(({ screen, elements }) => body.end(`${firstPartEnd < bodyEnd ? screen : ''}${html.slice(firstPartEnd, bodyEnd)}${elements}${html.slice(bodyEnd)}`));
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Cookie, Accept-Encoding')
    .type('text/html; charset=utf-8')
    .send(body);
}

/**
 * The page's first reads, answered in-process: their `<script type="application/json">` elements
 * ('' when there are none to write), and its first screen drawn from them by `firstScreen`.
 */
export async function firstReads(app: FastifyInstance, request: FastifyRequest, path: string, search: string, firstScreen: Promise<FirstScreen>): Promise<FirstReadsParts> {
  const reads = firstReadsOf(path, search);
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers = new Map<string, string>();
  await Promise.all(
    reads.map(async (url) => {
      const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.socket.remoteAddress ?? request.ip }).catch(() => null);
      // The in-process call itself failed (the app is closing): the page asks for it, as without this.
      if (!response) return;
      const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
      if (response.statusCode === 200 && json && response.rawPayload.length <= MAX_WRITTEN_BYTES) answers.set(url, response.body);
    }),
  );
  const elements = reads
    .filter((url) => answers.has(url))
    .map((url) => `<script type="application/json" data-first-read="${escapeAttribute(url)}" data-status="200">${jsonForScript(answers.get(url)!)}</script>`)
    .join('');
  return { screen: (await firstScreen)(path, search, answers), elements };
}

/**
 * JSON text that cannot end its <script> element or open a comment in it: every `<` (which JSON
 * has only inside strings) is written `\u003c`, which parses back to the same string. A file
 * named `</script><script>…` stays a name.
 */
export const jsonForScript = (json: string) => json.replaceAll('<', '\\u003c');

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
