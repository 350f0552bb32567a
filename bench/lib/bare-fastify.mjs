// The start-up and memory baseline of cold-start.bench.ts: bare-fastify.ts as plain JavaScript,
// so its start is not charged a TypeScript transpiler that Genie's compiled start no longer pays.
// Prints the same line as Genie once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ isPremium: false, expiresAt: null, plan: null }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`Genie is running at http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
