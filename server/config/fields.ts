import { z } from 'zod';

/** The small parsers every settings area shares: an empty variable counts as unset. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
export const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1'),
);

export const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
