import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Serves the built client from dist/client: hashed assets cached for a year (immutable), the
 * build's brotli/gzip copies sent to a browser that accepts them (with Vary), every other GET
 * that accepts HTML answered with index.html so the client router can draw the page (its 404
 * page included). Unknown /api paths are JSON 404s.
 *
 * A page the build wrote HTML of its own for (`pages/chat.html` for /chat, `pages/index.html`
 * for /: scripts/build/page-preloads.ts) gets that file instead: index.html with a
 * `<link rel="modulepreload">` for each of its chunks.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  const pageFiles = hasClient ? pageHtmlFiles(clientDir) : new Map<string, string>();
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The .br and .gz copies written at build time (scripts/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', (request, reply) => reply.sendFile(`assets/${(request.params as { '*': string })['*']}`));
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasClient && wantsPage && !request.url.startsWith('/assets/')) {
      const path = request.url.split('?', 1)[0]!.replace(/\/+$/, '') || '/';
      return reply.header('Cache-Control', 'no-cache').sendFile(pageFiles.get(path) ?? 'index.html');
    }
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
