import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { filesRepository as repo } from './files.repository';
import { periodicJob } from '../../lib/periodic-job';

export interface SweepDeps {
  db: Db;
  store: ObjectStore;
  clock: Clock;
}

export interface SweepResult {
  abandonedUploads: number;
  orphanObjects: number;
  temporaryFiles: number;
}

/** How long an unclaimed object or temp file may sit before it counts as orphaned. */
const GRACE_MS = 60 * 60 * 1000;
/** A completed upload whose record never came (the browser closed) is dropped after a day. */
const COMPLETED_UNRECORDED_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Leaves nothing behind from uploads that never finished: expired or unrecorded upload claims
 * with their objects, objects under users/ that no record or upload claims, and temp files.
 */
export async function sweepOrphans({ db, store, clock }: SweepDeps): Promise<SweepResult> {
  const now = clock.now();
  const result: SweepResult = { abandonedUploads: 0, orphanObjects: 0, temporaryFiles: 0 };

  for (const upload of await repo.abandonedUploads(db, now, new Date(now.getTime() - COMPLETED_UNRECORDED_MS))) {
    // The claim goes first: bytes left by a crash right after are unclaimed, and the walk below
    // removes them on a later sweep. Bytes a file record holds are never touched.
    const released = await repo.releaseUpload(db, upload.id);
    if (!released) continue;
    if (!released.recorded) await store.delete(released.objectKey);
    result.abandonedUploads++;
  }

  const cutoff = new Date(now.getTime() - GRACE_MS);
  let batch: string[] = [];
  const flush = async () => {
    const claimed = await repo.claimedKeys(db, batch);
    for (const key of batch) {
      if (!claimed.has(key)) {
        await store.delete(key);
        result.orphanObjects++;
      }
    }
    batch = [];
  };
  for await (const object of store.list('users/')) {
    if (object.lastModified >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();

  result.temporaryFiles = (await store.sweepTemporary?.(cutoff)) ?? 0;
  return result;
}

/** Sweeps once soon after the start (lib/periodic-job.ts) and then every `intervalMinutes` (0: only then); stops with the app. */
export function scheduleOrphanSweeps(
  hooks: { addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown; log: FastifyBaseLogger },
  deps: SweepDeps,
  intervalMinutes: number,
) {
  const sweeps = periodicJob(
    async () => {
      const result = await sweepOrphans(deps);
      if (result.abandonedUploads + result.orphanObjects + result.temporaryFiles > 0) hooks.log.info(result, 'swept orphaned uploads');
    },
    { intervalMs: intervalMinutes * 60_000, onError: (error) => hooks.log.warn({ err: error }, 'orphan sweep failed') },
  );
  hooks.addHook('onReady', async () => sweeps.start());
  hooks.addHook('onClose', () => sweeps.stop());
}
