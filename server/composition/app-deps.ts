import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from '../adapters/mail/mailer';
import type { ObjectStore } from '../adapters/storage/object-store';
import type { DiskSpace } from '../lib/disk-space';
import type { Clock } from '../lib/clock';
import type { UserDataChanges } from '../modules/auth/session-cache';

/** What buildApp is given: the parsed settings, the database, and the stand-ins tests may pass. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** HMAC key for signed URLs: SESSION_SECRET or the one kept in DATA_DIR. */
  sessionSecret: string;
  clock?: Clock;
  /** The built client to serve (dist/client); omitted in API tests. */
  clientDir?: string;
  /** Where file bytes live; defaults to local disk under DATA_DIR/objects. */
  objectStore?: ObjectStore;
  /** Where one-time notices (the generated first admin password) are printed; console.log by default. */
  announce?: (line: string) => void;
  /**
   * Make sure an admin account exists before listening (ADMIN_* or a generated password); true by
   * default. API tests that need no admin turn it off: it costs an argon2 hash per app built.
   */
  ensureFirstAdmin?: boolean;
  /** Measures the disk holding DATA_DIR (health, System tab); statfs by default, a stand-in in tests. */
  diskSpace?: (dir: string) => Promise<DiskSpace>;
  /** Where writes to users' plan or email are announced to the session cache; tests that write users directly pass their own. */
  userDataChanges?: UserDataChanges;
  /** Outgoing mail; built from SMTP_URL / MAIL_FROM when omitted (null: mail is not configured). */
  mailer?: Mailer | null;
  /**
   * Record every model call's tokens for the team's usage and budgets (issue 43); on by default.
   * Only bench/usage-recording.bench.ts turns it off, to time what the recording costs a chat.
   */
  usageRecording?: boolean;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}
