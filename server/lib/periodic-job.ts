/**
 * How long a periodic job's first run waits once the server is ready. Run at once, the jobs that
 * start with the server (the orphan sweep, the account data job) shared the two cores with the
 * first person's page: the file manager's first visit after a start painted its rows at 325-341 ms
 * (median of 8 restarts, bench/profile/files-first-visit-after-restarts.ts), and 267-280 ms with
 * their first run put off (issue 19). Nothing they do is needed in the first seconds: what a crash
 * left behind waits a few seconds more, as it would have waited for the start.
 */
export const FIRST_RUN_DELAY_MS = 10_000;

export interface PeriodicJob {
  /** Runs the job FIRST_RUN_DELAY_MS from now, then every interval; its timers never hold the process open. */
  start(): void;
  /** Cancels what is due, and resolves once a run in progress has ended. */
  stop(): Promise<void>;
}

/**
 * A background job run once soon after the start and then every `intervalMs` (0: only that once),
 * never two runs at a time; a run's failure goes to `onError`.
 */
export function periodicJob(job: () => Promise<unknown>, { intervalMs, onError }: { intervalMs: number; onError: (error: unknown) => void }): PeriodicJob {
  let running: Promise<void> | undefined;
  let firstRun: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;
  const run = () => {
    running ??= job()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      firstRun = setTimeout(run, FIRST_RUN_DELAY_MS).unref();
      if (intervalMs > 0) interval = setInterval(run, intervalMs).unref();
    },
    async stop() {
      clearTimeout(firstRun);
      clearInterval(interval);
      await running;
    },
  };
}
