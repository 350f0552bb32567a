/**
 * Honest comparisons: a figure and its baseline timed in alternation (A B B A … over several
 * rounds, so drift and other work on the machine land on both alike), reported as the median of
 * the per-round values with their spread, and the machine's load average beside them.
 */
import { loadavg } from 'node:os';
import { median, round } from './report';

export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
}

export const spreadOf = (values: number[]): Spread => ({ median: median(values), min: Math.min(...values), max: Math.max(...values), values });

/** "12.3 ms (10.1-15.2)" */
export const showSpread = (s: Spread, unit = 'ms', digits = 1) => `${round(s.median, digits)} ${unit} (${round(s.min, digits)}-${round(s.max, digits)})`;

export interface Alternated {
  baseline: Spread;
  measured: Spread;
  /** measured / baseline of each round, median and spread. */
  ratio: Spread;
  rounds: number;
  load: string;
}

/** The 1-minute load average now, to one decimal. */
export const loadNow = () => round(loadavg()[0]!, 1);

/**
 * Runs `rounds` rounds; each round measures both sides once, the baseline first in even rounds
 * and the figure first in odd ones. Each side returns one value (a median of its own samples,
 * a duration, a size: whatever the figure speaks of).
 */
export async function alternate(options: { rounds: number; baseline: () => Promise<number>; measured: () => Promise<number>; warmup?: number }): Promise<Alternated> {
  for (let i = 0; i < (options.warmup ?? 1); i++) {
    await options.baseline();
    await options.measured();
  }
  const baseline: number[] = [];
  const measured: number[] = [];
  const loads: number[] = [loadNow()];
  for (let round_ = 0; round_ < options.rounds; round_++) {
    if (round_ % 2 === 0) {
      baseline.push(await options.baseline());
      measured.push(await options.measured());
    } else {
      measured.push(await options.measured());
      baseline.push(await options.baseline());
    }
    loads.push(loadNow());
  }
  const ratios = measured.map((m, i) => m / baseline[i]!);
  return {
    baseline: spreadOf(baseline),
    measured: spreadOf(measured),
    ratio: spreadOf(ratios),
    rounds: options.rounds,
    load: `${Math.min(...loads)}-${Math.max(...loads)}`,
  };
}

/** Busy enough that a figure is worth measuring again (issue 19: rerun when load is over 1). */
export const LOAD_LIMIT = 1;

/**
 * Measures once, and again when the load average was over LOAD_LIMIT at the start or the end;
 * keeps the run taken under the lower load and says whether it was rerun.
 */
export async function withLoadRerun<T>(measure: () => Promise<T>): Promise<{ result: T; load: number; rerun: boolean }> {
  const before = loadNow();
  const first = await measure();
  const firstLoad = Math.max(before, loadNow());
  if (firstLoad <= LOAD_LIMIT) return { result: first, load: firstLoad, rerun: false };
  const again = loadNow();
  const second = await measure();
  const secondLoad = Math.max(again, loadNow());
  return secondLoad < firstLoad ? { result: second, load: secondLoad, rerun: true } : { result: first, load: firstLoad, rerun: true };
}
