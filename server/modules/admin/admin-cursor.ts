import { invalidInput } from '../../lib/app-error';

/** An opaque page cursor: the last row's time and id, base64url. A forged one is a 400, never a 500. */
export const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (extra !== undefined || !id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) throw invalidInput('That cursor is not valid.', 'cursor');
  return { at: date, id };
}

/** The page (limit rows) and the next cursor, from a query that asked for limit + 1. */
export function paged<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}
