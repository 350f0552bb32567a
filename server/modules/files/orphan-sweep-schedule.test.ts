import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import { ManualClock } from '../../lib/clock';
import { FIRST_RUN_DELAY_MS } from '../../lib/periodic-job';
import { filesRepository } from './files.repository';
import { scheduleOrphanSweeps } from './orphan-sweep';

/** When the orphan sweep runs: not while the first person's page is being served (issue 19). */
describe('scheduleOrphanSweeps', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const scheduled = (intervalMinutes: number) => {
    const hooks: Record<string, () => Promise<void>> = {};
    const walks: string[] = [];
    const store = {
      list: async function* (prefix: string) {
        walks.push(prefix);
      },
    } as unknown as ObjectStore;
    vi.spyOn(filesRepository, 'abandonedUploads').mockResolvedValue([]);
    const log = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
    scheduleOrphanSweeps({ addHook: (name, hook) => (hooks[name] = hook), log }, { db: {} as Db, store, clock: new ManualClock() }, intervalMinutes);
    return { hooks, walks };
  };

  it(`sweeps first ${FIRST_RUN_DELAY_MS / 1000} s after the start, not at it, then every interval`, async () => {
    vi.useFakeTimers();
    const { hooks, walks } = scheduled(60);
    await hooks.onReady!();
    await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS - 1);
    expect(walks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(walks).toEqual(['users/']);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(walks).toEqual(['users/', 'users/']);
    await hooks.onClose!();
  });

  it('never sweeps when the app closes before the first run is due', async () => {
    vi.useFakeTimers();
    const { hooks, walks } = scheduled(0);
    await hooks.onReady!();
    await hooks.onClose!();
    await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS * 2);
    expect(walks).toEqual([]);
  });
});
