/**
 * Helpers for chat API tests: point the personas at the fake model server, store a file as a
 * user's own (bytes in the object store and a `files` row), and build a small real PDF or DOCX.
 * Chat bodies are read with tests/support/sse.ts.
 */
import { Readable } from 'node:stream';
import type { ObjectStore } from '../../server/adapters/storage/object-store';
import type { Db } from '../../server/db/database';
import { files } from '../../server/db/schema/files';
import { newObjectKey, objectPathOf, storedNameOf } from '../../server/modules/files/object-keys';

/**
 * Environment that points every persona at a fake OpenAI-compatible server. Model-written titles
 * are off unless `extra` turns them on (GENIE_MODEL_TITLES: 'true', chat-title-model.test.ts): their
 * background call would otherwise land among the requests another test reads from the fake.
 */
export function fakeProviderEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return { OPENAI_COMPATIBLE_BASE_URL: url, GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model', GENIE_MODEL_TITLES: 'false', ...extra };
}

export async function storeUserFile(
  db: Db,
  store: ObjectStore,
  userId: string,
  file: { name: string; type: string; bytes: Buffer; category?: string },
) {
  const key = newObjectKey(userId);
  await store.put(key, Readable.from([file.bytes]), { maxBytes: 100 * 1024 * 1024, contentType: file.type });
  const [row] = await db
    .insert(files)
    .values({
      userId,
      originalName: file.name,
      storedName: storedNameOf(key),
      mimeType: file.type,
      category: file.category ?? 'document',
      size: file.bytes.length,
      objectPath: objectPathOf(key),
    })
    .returning();
  return row!;
}

/** A one-page PDF whose text is `lines`, built by hand with a correct cross-reference table. */
export function minimalPdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 72 720 Td 16 TL ${lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

