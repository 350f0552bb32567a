import { errorStatus, type ErrorCode } from '@contract/errors';

/** The one error type services throw; the error handler turns it into `{error, code, field}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (what = 'That item') => new AppError('not_found', `${what} was not found.`);
export const invalidInput = (message: string, field?: string) => new AppError('invalid_input', message, field);
