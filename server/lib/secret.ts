import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * SESSION_SECRET when set; otherwise one generated on first start and kept in DATA_DIR, so that
 * signed upload URLs stay valid across restarts without the operator choosing a secret.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(dataDir, 'session-secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (error) {
      // Another process wrote it first: theirs is the one every process must share.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
      throw error;
    }
  }
}
