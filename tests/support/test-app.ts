import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { UserDataChanges } from '../../server/modules/auth/session-cache';
import { openTestDatabase } from './database-template';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** A fresh temporary DATA_DIR (objects land under its objects/), removed on close. */
  dataDir: string;
  /** The app's; a test that writes users' plan or email directly calls `changed()` like a service would. */
  userDataChanges: UserDataChanges;
  close(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-to-pass-validation';

/** Builds the real app on a fresh database, without listening; tests drive it with app.inject. */
export async function createTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(inject('pgliteTemplateTar'));
  const dataDir = mkdtempSync(join(tmpdir(), 'genie-api-'));
  const env: Record<string, string | undefined> = { NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'silent', ...options.env };
  // Most API tests need no admin, and ensuring one costs an argon2 hash per app: only a test that
  // gives admin credentials or a place to print a generated password gets one (or asks explicitly).
  const ensureFirstAdmin = Boolean(options.deps?.announce || (env.ADMIN_USERNAME && env.ADMIN_PASSWORD));
  const config = loadConfig(env);
  const userDataChanges = options.deps?.userDataChanges ?? new UserDataChanges();
  const app = await buildApp({ config, database, sessionSecret: TEST_SECRET, logger: false, ensureFirstAdmin, ...options.deps, userDataChanges });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    userDataChanges,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Signs a new user up and returns its cookie header and identity. */
export async function signUp(app: FastifyInstance, overrides: Partial<{ email: string; username: string; password: string }> = {}) {
  counter += 1;
  const unique = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const body = {
    email: overrides.email ?? `user${unique}@example.com`,
    username: overrides.username ?? `user${unique}`,
    password: overrides.password ?? 'correct horse battery',
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  // The verification mail sign-up sends in the background has gone out, so a test that counts mail after this sees only its own.
  await app.emailVerification.idle();
  return { cookie: cookieHeader(response), user: response.json().user as { id: string; email: string; username: string }, password: body.password };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
