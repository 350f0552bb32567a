/**
 * Genie on the tiny GGUF fixture (the `local:` provider) for the local-model benches: built with
 * buildApp on the embedded database in a fresh DATA_DIR, listening on loopback, every reply held
 * to LONG_REPLY_GRAMMAR so it runs to the max_tokens it is given. Its model runs in the process
 * Genie starts for it (local-model-process.ts), as in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeLocalModels, localRuntimeFor } from '../../server/adapters/llm/local/local-models';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open-database';

export const LOCAL_MODEL_FILE = 'tests/fixtures/genie-tiny.gguf';
/** 2,000 words: a reply runs to its max_tokens instead of ending after ~25 tokens. */
export const LONG_REPLY_GRAMMAR = `root ::= ${'word '.repeat(2000)}\nword ::= [a-z]+ " "`;

export async function startLocalGenie(settings: { threads: number; context: number; env?: Record<string, string> }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'genie-bench-local-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    GENIE_MODEL_DEFAULT: `local:${LOCAL_MODEL_FILE}`,
    // Every request here opens a new conversation, which a person does once per chat: the title
    // call each would start (GENIE_MODEL_TITLES) is not the work these figures measure.
    GENIE_MODEL_TITLES: 'false',
    LOCAL_MODEL_THREADS: String(settings.threads),
    LOCAL_MODEL_CONTEXT: String(settings.context),
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
    ...settings.env,
  });
  const database = await openDatabase({ dataDir });
  const app = await buildApp({ config, database, sessionSecret: 'bench-secret-that-is-long-enough-to-pass-validation', logger: false, ensureFirstAdmin: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const runtime = localRuntimeFor(config, LOCAL_MODEL_FILE);
  await runtime.forceGrammar(LONG_REPLY_GRAMMAR);
  return {
    url,
    runtime,
    async close() {
      await app.close();
      await database.close();
      await closeLocalModels();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
