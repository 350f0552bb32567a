import { finished, PassThrough, type Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';

const uploadInterrupted = () => new AppError('invalid_input', 'The upload was interrupted before the whole file arrived.');

/**
 * The request body as a store's put() should read it. pipe(), unlike pipeline(), leaves the
 * request open when the store stops early (past the size limit), so the 413 can still be written
 * back instead of the socket being torn down. pipe() does not pass on a client that goes away in
 * the middle of the body, though; finished() does, so the store fails and drops its temporary
 * file at once instead of waiting forever with it open.
 */
export function guardUploadBody(body: Readable): Readable {
  const guarded = new PassThrough();
  body.pipe(guarded);
  finished(body, (error) => {
    if (error) guarded.destroy(uploadInterrupted());
  });
  return guarded;
}
