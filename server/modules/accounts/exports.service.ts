import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EXPORT_TTL_HOURS, type UserExport } from '@contract/accounts';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import type { UserExportRow } from '../../db/schema/accounts';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordTeamEvent } from '../admin/audit-log';
import { exportArchive } from './export-archive';
import { exportsRepository as repo } from './exports.repository';

const HOUR_MS = 3600 * 1000;
/** A build older than this that still says "building" was cut off by a restart: a new one may start. */
const STALE_BUILD_MS = HOUR_MS;
/** No single export may grow past this (a runaway, not a user's real data). */
const MAX_EXPORT_BYTES = 1024 ** 4;

export const exportObjectKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

export interface ExportsServiceDeps {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  onError: (error: unknown) => void;
}

/**
 * Data exports: POST starts a build in the background and answers at once; the ZIP streams from
 * the database and the store straight into the store; GET downloads it for EXPORT_TTL_HOURS.
 */
export function createExportsService(deps: ExportsServiceDeps) {
  const { db, store, clock } = deps;
  const building = new Set<Promise<void>>();

  const view = (row: UserExportRow, now: Date): UserExport => ({
    id: row.id,
    status: row.status,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    downloadUrl: row.status === 'ready' && row.expiresAt > now ? `/api/user/export/${row.id}` : null,
  });

  async function build(row: UserExportRow) {
    try {
      const { size } = await store.put(row.objectKey, await exportArchive({ db, store }, row.userId, clock.now()), {
        maxBytes: MAX_EXPORT_BYTES,
        contentType: 'application/zip',
      });
      const done = clock.now();
      await repo.markReady(db, row.id, size, done, new Date(done.getTime() + EXPORT_TTL_HOURS * HOUR_MS));
    } catch (error) {
      deps.onError(error);
      await repo.markFailed(db, row.id, clock.now()).catch(deps.onError);
      await store.delete(row.objectKey).catch(() => undefined);
    }
  }

  return {
    async start(userId: string): Promise<UserExport> {
      const now = clock.now();
      const running = (await repo.listOf(db, userId)).find(
        (row) => row.status === 'building' && now.getTime() - row.createdAt.getTime() < STALE_BUILD_MS,
      );
      if (running) throw new AppError('conflict', 'An export is already being prepared. It will be ready in a moment.');
      const id = randomUUID();
      const row = await repo.insert(db, {
        userId,
        objectKey: exportObjectKey(userId, id),
        createdAt: now,
        // A build the process never finishes is swept after this too.
        expiresAt: new Date(now.getTime() + EXPORT_TTL_HOURS * HOUR_MS),
      });
      await recordTeamEvent(db, { action: 'data_export_started', actorUserId: userId, details: { exportId: id }, at: now });
      const job = build(row).finally(() => building.delete(job));
      building.add(job);
      return view(row, now);
    },

    async list(userId: string) {
      const now = clock.now();
      return { exports: (await repo.listOf(db, userId)).filter((row) => row.expiresAt > now).map((row) => view(row, now)) };
    },

    /** The ZIP of one of the caller's own exports; anyone else's id, or an expired one, is a 404. */
    async open(userId: string, id: string): Promise<{ row: UserExportRow; stream: Readable }> {
      const row = await repo.findOf(db, userId, id);
      if (!row || row.expiresAt <= clock.now()) throw notFound('That export');
      if (row.status === 'building') throw new AppError('conflict', 'That export is still being prepared. Try again in a moment.');
      if (row.status === 'failed') throw new AppError('conflict', 'That export failed. Start a new one from your profile.');
      return { row, stream: await store.get(row.objectKey) };
    },

    /** Removes expired exports, object first (a crash between leaves a row the next sweep retries). */
    async sweepExpired() {
      let removed = 0;
      for (const row of await repo.expired(db, clock.now())) {
        await store.delete(row.objectKey).catch(() => undefined);
        await repo.remove(db, row.id);
        removed++;
      }
      return removed;
    },

    /** Waits for builds in flight (tests, and the drain on shutdown). */
    async idle() {
      await Promise.allSettled([...building]);
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
