import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_PATHS } from '@contract/first-reads';
import { AppError } from '../lib/app-error';
import { firstReads, sendWithFirstReads, type HasSession } from './page-first-reads';
import { loadFirstScreen } from './page-server-render';

/**
 * Serves the built client from dist/client: hashed assets cached for a year (immutable), the
 * build's brotli/gzip copies sent to a browser that accepts them (with Vary), every other GET
 * that accepts HTML answered with index.html so the client router can draw the page (its 404
 * page included). Unknown /api paths are JSON 404s.
 *
 * A page the build wrote HTML of its own for (`pages/chat.html` for /chat, `pages/index.html`
 * for /: scripts/build/page-preloads.ts) gets that file instead: index.html with a
 * `<link rel="modulepreload">` for each of its chunks. A signed-in page asked for with a session
 * has its first reads' answers written into it (page-first-reads.ts), and is then the user's own:
 * `Cache-Control: private, no-cache`.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | undefined, hasSession: HasSession) {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  const pageFiles = hasClient ? pageHtmlFiles(clientDir) : new Map<string, string>();
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The .br and .gz copies written at build time (scripts/build/precompress.ts).
      preCompressed: true,
      // The build's server-side render (page-server-render.ts) is the server's to run, not a file
      // to send: no route for its files, and none of them sent through another route.
      globIgnore: ['ssr/**'],
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', (request, reply) => reply.sendFile(`assets/${(request.params as { '*': string })['*']}`));
  }
  // Loaded now, so the first signed-in page finds it ready (main.ts starts it sooner still).
  const firstScreen = hasClient ? loadFirstScreen(clientDir, (error) => app.log.warn({ err: error }, 'drawing a page on the server failed')) : undefined;
  // A page's HTML file as text, read once: the build writes it, and nothing changes it while Genie runs.
  const htmlOfFile = new Map<string, string>();
  const pageHtml = (file: string) => {
    let html = htmlOfFile.get(file);
    if (html === undefined) htmlOfFile.set(file, (html = readFileSync(join(clientDir!, file), 'utf8')));
    return html;
  };
  /** A page's HTML: its own file, or index.html; a signed-in page's with its first reads written in. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const queryAt = request.url.indexOf('?');
    const path = (queryAt < 0 ? request.url : request.url.slice(0, queryAt)).replace(/\/+$/, '') || '/';
    const file = pageFiles.get(path) ?? 'index.html';
    const search = queryAt < 0 ? '' : request.url.slice(queryAt);
    if (!SIGNED_IN_PATHS.includes(path) || !hasSession(request)) return reply.header('Cache-Control', 'no-cache').sendFile(file);
    return sendWithFirstReads(reply, pageHtml(file), firstReads(app, request, path, search, firstScreen!));
  };
  if (hasClient) {
    // Routes of their own for the signed-in pages: their HTML is compressed here, and flushed in
    // two parts, which the compression plugin (it would hold the first part back) must leave alone.
    for (const path of SIGNED_IN_PATHS) {
      for (const url of [path, `${path}/`]) app.get(url, { compress: false }, sendPage);
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasClient && wantsPage && !request.url.startsWith('/assets/')) return sendPage(request, reply);
    throw new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);
  });
}

/** The pages' own HTML files, by path: `pages/index.html` is `/`, `pages/chat.html` is `/chat`. */
function pageHtmlFiles(clientDir: string): Map<string, string> {
  const dir = join(clientDir, 'pages');
  if (!existsSync(dir)) return new Map();
  const names = readdirSync(dir).filter((name) => name.endsWith('.html'));
  return new Map(names.map((name) => [name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `pages/${name}`]));
}
