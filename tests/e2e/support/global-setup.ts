import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeModelServer } from '../../fakes/fake-model-server';
import { buildClient } from '../../support/client-build';
import { startGenie } from './genie-server';
import { E2E_ADMIN, E2E_BTC_WALLET, E2E_WEBHOOK_SECRET } from './admin-credentials';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The fake OpenAI-compatible model server every persona talks to (its /v1 address). */
    fakeModelUrl: string;
    /** The client built for this run, for a spec that starts a Genie of its own with other settings. */
    clientDir: string;
  }
}

/**
 * One Genie server for the whole end-to-end run, on a fresh data directory, serving a client
 * built for this run into its own directory (so concurrent builds never pull files from under it).
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'genie-e2e-'));
  const clientDir = join(workDir, 'client');
  buildClient(clientDir);
  // Every persona answers from the fake model server; tests switch its behaviour over HTTP.
  const fakeModel = await startFakeModelServer();
  const model = 'openai-compatible:fake-model';
  const genie = await startGenie({
    DATA_DIR: join(workDir, 'data'),
    CLIENT_DIR: clientDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Every spec shares this server and its one client address: five demo requests an hour (the
    // default) is fewer than the specs that send one (the limit itself: demo-requests.routes.test.ts).
    DEMO_REQUEST_RATE_LIMIT_PER_HOUR: '1000',
    OPENAI_COMPATIBLE_BASE_URL: fakeModel.url,
    GENIE_MODEL_DEFAULT: model,
    GENIE_MODEL_GINO: model,
    GENIE_MODEL_GINA: model,
    GENIE_MODEL_G: model,
    // Specs find conversations by their keyword titles; model titles are proven in chat-title-model.test.ts.
    GENIE_MODEL_TITLES: 'false',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PAYMENTS_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
    BUSINESS_WALLET_BTC: E2E_BTC_WALLET,
    // Three minutes: on a machine shared by many test runs, starting (PGlite, migrations) took over one.
  }, 180_000);
  project.provide('baseURL', genie.url);
  project.provide('fakeModelUrl', fakeModel.url);
  project.provide('clientDir', clientDir);
  return async () => {
    await genie.stop();
    await fakeModel.close();
    rmSync(workDir, { recursive: true, force: true });
  };
}
