import { invalidInput } from '../../lib/app-error';

/**
 * Where a page of files ended, in the listing's order (uploaded_at desc, original_name, id): the
 * next page starts strictly after it. uploadedAt keeps the database's microseconds (a JS Date
 * would round them and skip or repeat files uploaded within the same millisecond).
 */
export interface FileCursor {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the repository reads it. */
  uploadedAt: string;
  name: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_MAX = 1024;

export const encodeFileCursor = (cursor: FileCursor) =>
  Buffer.from(JSON.stringify([cursor.uploadedAt, cursor.name, cursor.id])).toString('base64url');

const invalidCursor = () => invalidInput('That cursor is not valid: start again from the first page.', 'cursor');

/** The cursor a client sent back, or a 400 when it is not one this server wrote. */
export function decodeFileCursor(text: string): FileCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== 3 || !value.every((part) => typeof part === 'string')) throw invalidCursor();
  const [uploadedAt, name, id] = value as [string, string, string];
  if (!isRealTimestamp(uploadedAt) || !UUID.test(id) || name.length > NAME_MAX || name.includes('\u0000')) throw invalidCursor();
  return { uploadedAt, name, id };
}

/** The format, and a date that exists (the database would refuse 30 February with a 500). */
function isRealTimestamp(text: string) {
  if (!TIMESTAMP.test(text)) return false;
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === text.slice(0, 23);
}
