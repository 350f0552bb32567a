import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../../lib/semaphore';

// OWASP's argon2id baseline: 19 MiB, two passes, one lane.
// Algorithm.Argon2id is an ambient const enum (2), unusable under isolatedModules.
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// At most two hashes at once, so a flood of logins queues instead of starving every other request.
const hashing = new Semaphore(2);

export const hashPassword = (password: string) => hashing.run(() => hash(password, ARGON2_OPTIONS));

export const verifyPassword = (passwordHash: string, password: string) =>
  hashing.run(() => verify(passwordHash, password).catch(() => false));

let decoyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so a missing account cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
  await verifyPassword(await decoyHash, password);
  return false;
}
