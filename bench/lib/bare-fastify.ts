/**
 * The baseline server: a bare Fastify with one JSON route and nothing else (no database, no
 * plugins). Prints `BARE_URL=<url>` once listening.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ isPremium: false, expiresAt: null, plan: null }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`BARE_URL=http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
