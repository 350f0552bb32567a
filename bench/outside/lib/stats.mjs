// Small statistics and the load beside each figure.
import { loadavg } from 'node:os';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** os.loadavg's 1-minute figure, sampled through a measurement: "0.4-1.2". */
export function loadTracker() {
  const samples = [loadavg()[0]];
  const timer = setInterval(() => samples.push(loadavg()[0]), 2000);
  timer.unref();
  return () => {
    clearInterval(timer);
    samples.push(loadavg()[0]);
    return `${round(Math.min(...samples))}-${round(Math.max(...samples))}`;
  };
}
