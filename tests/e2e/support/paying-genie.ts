import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort } from '../../support/free-port';
import { E2E_ADMIN, E2E_BTC_WALLET, E2E_WEBHOOK_SECRET } from './admin-credentials';
import { startGenie } from './genie-server';

interface PayingGenie {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A Genie of its own for the calling describe, started before its tests and stopped after them,
 * that takes payments straight to its BTC wallet at 65,000 USD a bitcoin (the shared server has no
 * rate set, so it makes no invoice), with the e2e admin, in a fresh data folder removed when it
 * stops. Answers its address, known once the beforeAll has run.
 */
export function usePayingGenie(): () => string {
  let genie: PayingGenie | undefined;
  // Starting takes up to three minutes on a busy machine.
  beforeAll(async () => {
    genie = await startPayingGenie();
  }, 240_000);
  afterAll(() => genie?.stop());
  return () => genie!.baseURL;
}

async function startPayingGenie(): Promise<PayingGenie> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'genie-e2e-paying-'));
  const genie = await startGenie(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: inject('clientDir'),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PAYMENTS_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      BUSINESS_WALLET_BTC: E2E_BTC_WALLET,
      PAYMENT_RATE_BTC_USD: '65000',
    },
    180_000,
  );
  return {
    baseURL,
    async stop() {
      await genie.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
