import { loadavg } from 'node:os';

/**
 * What every benchmark file prints: one line `BENCH_RESULT <json>` per figure, read by bench/run.ts.
 * Each figure is a ratio of a measurement through Genie against a baseline from the same run.
 */
export interface Figure {
  /** Which figure of issue 9, e.g. "#5 authenticated JSON read". */
  figure: string;
  baseline: string;
  measured: string;
  /** measured / baseline in the unit the target speaks of. */
  ratio: number;
  target: string;
  met: boolean;
  /** Why a target was missed and the plan to close the gap (only when met is false). */
  gap?: string;
  /** The machine's 1-minute load average when the figure was taken (filled in by report()). */
  load?: number;
}

export function report(figure: Figure) {
  const load = figure.load ?? Number(loadavg()[0]!.toFixed(1));
  process.stdout.write(`BENCH_RESULT ${JSON.stringify({ ...figure, load })}\n`);
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * BENCH_QUICK=1 (set by `BENCH_QUICK=1 npm run bench`): fewer rounds and smaller data, to check
 * the suite runs end to end in minutes; bench/run.ts judges none of its figures.
 */
export const QUICK = process.env.BENCH_QUICK === '1';
/** `full` normally, `quick` under BENCH_QUICK=1. */
export const scaled = <T>(full: T, quick: T) => (QUICK ? quick : full);
