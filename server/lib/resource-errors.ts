import { AppError } from './app-error';

/** The process has no file descriptor left (EMFILE) or the whole system has none (ENFILE). */
const OUT_OF_HANDLES = new Set(['EMFILE', 'ENFILE']);
/**
 * The disk is full (ENOSPC) or the user the server runs as is over its disk quota (EDQUOT); or the
 * database says so itself (SQLSTATE 53100 disk_full: "could not extend file ... No space left on
 * device", the embedded database's files on a full DATA_DIR, issue 47).
 */
const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', '53100']);

/**
 * The server itself running out, as a sentence: 503 for file handles (it passes once other
 * requests finish), 507 for disk space (it needs an operator). Undefined for any other error.
 */
export function resourceErrorOf(error: unknown): AppError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_HANDLES.has(code)) {
      return new AppError('unavailable', 'The server is too busy to open another file right now. Please try again in a moment.');
    }
    if (typeof code === 'string' && OUT_OF_SPACE.has(code)) {
      return new AppError('insufficient_storage', 'The server has run out of storage space. Please try again later.');
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
