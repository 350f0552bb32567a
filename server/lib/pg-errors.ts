/** The PostgreSQL unique-violation error's constraint name, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}

/** Whether an error is a foreign-key violation (SQLSTATE 23503): the row it points at is gone. */
export function foreignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503') return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Whether an error is PostgreSQL's "data exception" class (SQLSTATE 22xxx: a NUL byte in text, a
 * number out of range, a malformed uuid): bad input that got past validation, so a 400, not a 500.
 */
export function isDataException(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^22[0-9A-Z]{3}$/.test(candidate.code)) return true;
    current = candidate.cause;
  }
  return false;
}
