import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers over 1 KB are compressed (brotli or gzip, as the request accepts), and say
 * `Vary: Accept-Encoding`. Nothing else is: the client's assets are compressed once at build
 * time (static-client.ts sends those copies), downloads are the user's own bytes (and keep their
 * Range support), and the chat's SSE stream writes to the socket itself (hijacked), so a token
 * is never held back in a compressor's buffer.
 */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
    // Request bodies are not inflated: no client sends them compressed, and one that did could
    // send a small body that inflates many times over (the plugin's brotli default, quality 4,
    // already keeps per-response CPU low).
    globalDecompression: false,
  });
}
