import { z } from 'zod';
import { booleanFlag, emptyAsUndefined, optionalString } from './fields';

/** The server itself: where it listens and keeps its data, its logs, time limits and backups. */
export const serverSettings = {
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Off by default on loopback; on when behind a proxy that sets X-Forwarded-For. */
  TRUST_PROXY: booleanFlag,
  /** The built web client to serve; `npm start` builds it here. */
  CLIENT_DIR: z.preprocess(emptyAsUndefined, z.string().default('./dist/client')),
  /** Sign-up, sign-in and admin sign-in attempts allowed per client address per minute (each counted apart). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** A JSON request body must arrive whole within this many seconds; an upload may not pause for longer. */
  REQUEST_BODY_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  /** The longest any request, an upload's whole body included, may take to arrive. */
  UPLOAD_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(5).max(86_400).default(3600)),
  /** Scheduled backups (issue 47, README "Backups and upgrades"): the folder archives are written to; unset, none are made. */
  BACKUP_DIR: optionalString,
  /** Hours between scheduled backups. */
  BACKUP_EVERY_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0.01).max(24 * 366).default(24)),
  /** How many scheduled backups are kept in BACKUP_DIR (the oldest beyond are removed). */
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(7)),
  /** Seconds that in-flight requests get to finish after SIGTERM. */
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(600).default(15)),
};
