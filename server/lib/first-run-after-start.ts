/**
 * How long a periodic job's first run waits once the server is ready. Run at once, the jobs that
 * start with the server (the orphan sweep, the account data job) shared the two cores with the
 * first person's page: the file manager's first visit after a start painted its rows at 325-341 ms
 * (median of 8 restarts, bench/profile/files-first-visit-after-restarts.ts), and 267-280 ms with
 * their first run put off (issue 19). Nothing they do is needed in the first seconds: what a crash
 * left behind waits a few seconds more, as it would have waited for the start.
 */
export const FIRST_RUN_DELAY_MS = 10_000;

/** Runs `run` once, `delayMs` from now, without holding the process open; the result cancels it. */
export function firstRunAfterStart(run: () => void, delayMs = FIRST_RUN_DELAY_MS): () => void {
  const timer = setTimeout(run, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
}
