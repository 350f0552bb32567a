import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/open-database';
import { DatabaseOpenError } from './db/pglite-client';
import { preloadServerRender } from './plugins/page-server-render';
import { resolveSessionSecret } from './lib/secret';

/**
 * A full garbage collection, once, before the server listens. Loading the app leaves ~45 MB of
 * heap, and V8 began its first major collection just after the start: its marking steps held the
 * thread for up to 142 ms at a time over the first half second, while the first person's page
 * and its scripts waited (issue 19: the file manager's first visit after start, traced with
 * --trace-gc). Collected here, it costs the start ~30 ms instead. `npm start` gives Node
 * --expose-gc for this; run without it (tsx, tests), nothing is done.
 */
function collectStartupGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Errors a person can fix: printed as a sentence, never as a stack. */
const isOperatorError = (error: unknown) =>
  error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof DatabaseOpenError;

async function main() {
  const config = loadConfig();
  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR);
  const opening = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onPoolError: (error) => console.warn(`database connection lost: ${error.message}`),
  });
  // Its failure is handled below, once the app's modules have loaded.
  opening.catch(() => undefined);
  // The client build's first-screen render loads and draws once meanwhile (its errors are logged by the app).
  const serverRender = preloadServerRender(resolve(config.CLIENT_DIR));
  // The app's modules load while the database opens: the embedded one in its own thread (about a
  // second for PGlite), PostgreSQL over the network.
  const [{ buildApp }, { warmUpBeforeListening }] = await Promise.all([import('./app'), import('./warm-up')]);
  const database = await opening;
  let app;
  try {
    app = await buildApp({ config, database, sessionSecret, clientDir: resolve(config.CLIENT_DIR) });
    await warmUpBeforeListening(app);
    await serverRender;
    collectStartupGarbage();
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await database.close();
    throw error;
  }
  // `npm run backup` asks the running server for a consistent archive (it holds the database).
  if (database.kind === 'pglite') {
    await app.backups.listen(config.DATA_DIR).catch((error: unknown) => console.warn(`npm run backup will not reach this server: ${error instanceof Error ? error.message : String(error)}`));
  }
  // Once people can be served: the hosted providers' packages, if a configured model needs them (ai-sdk.ts).
  void preloadAiSdk(config);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  console.log(`Genie is running at http://${shownHost}:${port} (database: ${database.kind === 'pglite' ? 'embedded PGlite in ' + config.DATA_DIR : 'PostgreSQL'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests (up to ${config.SHUTDOWN_DRAIN_SECONDS} s)`);
    const deadline = setTimeout(() => {
      console.warn('drain limit reached; closing remaining connections');
      app.server.closeAllConnections();
    }, config.SHUTDOWN_DRAIN_SECONDS * 1000);
    deadline.unref();
    // Node closes idle keep-alive connections once, when closing starts; one whose request
    // finishes later would stay open (a browser's does) and hold the exit until the drain limit.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(idleSweep);
      clearTimeout(deadline);
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** The hosted providers' packages, loaded once the server listens when a configured model needs them (adapters/llm/ai-sdk.ts). */
async function preloadAiSdk(config: ReturnType<typeof loadConfig>) {
  const [{ configNeedsAiSdk }, { loadAiSdk }] = await Promise.all([import('./adapters/llm/providers'), import('./adapters/llm/ai-sdk')]);
  if (!configNeedsAiSdk(config)) return;
  await loadAiSdk().catch((error: unknown) => console.warn(`the model providers' packages did not load: ${error instanceof Error ? error.message : String(error)}`));
}

main().catch((error: unknown) => {
  if (isOperatorError(error)) console.error((error as Error).message);
  else console.error('Genie failed to start:', error);
  process.exit(1);
});
