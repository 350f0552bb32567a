/**
 * What a bulk import (a ZIP unpacked on the server) accepts of an archive's entry names: a path
 * inside the target folder, never above it or elsewhere on the disk, and not too deep.
 */

/** Folders an imported path may nest below the target folder, at most. */
export const IMPORT_MAX_DEPTH = 16;

/** Entries an archive's system tools add that nobody means to import. */
const NOISE = /(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db|desktop\.ini)(\/|$)/i;

export type EntryPath = { ok: true; folders: string[]; name: string } | { ok: false; reason: string } | { ok: 'noise' };

/** An entry's folders and file name, or the sentence saying why it is refused. */
export function entryPath(raw: string): EntryPath {
  const name = raw.replace(/\\/g, '/');
  if (NOISE.test(name)) return { ok: 'noise' };
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return { ok: false, reason: 'An absolute path: entries must lie inside the archive.' };
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { ok: false, reason: 'A path that climbs out of the archive with "..": refused.' };
  if (parts.length === 0) return { ok: false, reason: 'An entry with no name.' };
  if (parts.some((p) => p.length > 255 || /[\u0000-\u001f]/.test(p))) return { ok: false, reason: 'A name longer than 255 characters or holding control characters.' };
  if (parts.length - 1 > IMPORT_MAX_DEPTH) return { ok: false, reason: `Nested more than ${IMPORT_MAX_DEPTH} folders deep.` };
  return { ok: true, folders: parts.slice(0, -1), name: parts.at(-1)! };
}

const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
};

/** The type a textual file's name claims (the bytes cannot tell CSV from plain text); binary types come from the bytes. */
export function mimeTypeOfName(name: string): string | undefined {
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return extension ? BY_EXTENSION[extension] : undefined;
}
