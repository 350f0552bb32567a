import type { Readable } from 'node:stream';
import JSZip from 'jszip';
import { ExtractionLimitError } from '../limits';

/**
 * A ZIP archive whose entries are inflated only when read, each counted as it inflates: an entry
 * past maxEntryBytes, or all entries read together past maxTotalBytes, stop with an
 * ExtractionLimitError the moment the count crosses the cap, whatever sizes the headers claim.
 * It has the shape mammoth reads a DOCX through (`exists`, `read`).
 */
export interface CappedZip {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<string | Uint8Array>;
  /**
   * The archive's file entries (not its folders): `name` to read it by, `original` as the archive
   * spells it (JSZip drops a leading "../" from `name`; a bulk import refuses such an entry).
   */
  entries(): { name: string; original: string }[];
}

export async function openCappedZip(bytes: Buffer, caps: { maxEntryBytes: number; maxTotalBytes: number }): Promise<CappedZip> {
  // Reads the central directory only; nothing is inflated yet.
  const zip = await JSZip.loadAsync(bytes);
  let total = 0;

  function inflate(name: string): Promise<Uint8Array> {
    const entry = zip.file(name);
    if (!entry) return Promise.reject(new Error(`no ${name} in the archive`));
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const stream = entry.nodeStream('nodebuffer') as Readable;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        total += chunk.length;
        if (size > caps.maxEntryBytes) return fail(new ExtractionLimitError({ reason: 'unpacks_too_large', limit: caps.maxEntryBytes }));
        if (total > caps.maxTotalBytes) return fail(new ExtractionLimitError({ reason: 'unpacks_too_large', limit: caps.maxTotalBytes }));
        chunks.push(chunk);
      });
      stream.on('error', fail);
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        resolve(Buffer.concat(chunks, size));
      });
    });
  }

  return {
    exists: (name) => zip.file(name) !== null,
    entries: () =>
      Object.values(zip.files)
        .filter((entry) => !entry.dir)
        // unsafeOriginalName: JSZip's own field, absent from its types.
        .map((entry) => ({ name: entry.name, original: (entry as { unsafeOriginalName?: string }).unsafeOriginalName ?? entry.name })),
    async read(name, encoding) {
      const bytes = await inflate(name);
      return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
    },
  };
}
