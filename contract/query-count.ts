import { z } from 'zod';

/**
 * A whole number read from a query string (`?limit=20`), between `min` and `max`, each refusal
 * naming the parameter: "limit must be at most 100".
 */
export const queryCount = (name: string, max: number, min = 1) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
