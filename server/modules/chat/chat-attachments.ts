import type { Attachment } from '@contract/chat';
import type { ObjectStore } from '../../adapters/storage/object-store';
import {
  ATTACHMENT_READ_MAX_BYTES,
  attachmentKind,
  extractAttachment,
  type ExtractedAttachment,
} from '../../adapters/llm/attachment-text';
import type { Db } from '../../db/database';
import type { FileRow } from '../../db/schema/files';
import { AppError } from '../../lib/app-error';
import { chatRepository as repo } from './chat.repository';

/**
 * Attachments name the user's own files only: by id, by download address `/api/files/<id>/download`
 * or by objectPath `/objects/users/<uid>/<uuid>`. Nothing else is accepted and nothing is fetched
 * from a URL: the bytes come from our object store.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOWNLOAD_PATH = /^\/api\/files\/([0-9a-f-]{36})\/download$/i;
const OBJECT_PATH = /^\/objects\/users\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/i;

export interface ResolvedAttachment {
  file: FileRow;
  extracted: ExtractedAttachment;
  /** Raw bytes of an image, for models that accept images. */
  imageBytes?: Buffer;
  /** How the stored message refers to it: always our own download address. */
  stored: { url: string; name: string; type: string; size: number };
}

export const downloadUrlOf = (fileId: string) => `/api/files/${fileId}/download`;

export async function resolveAttachments(db: Db, store: ObjectStore, userId: string, attachments: Attachment[]): Promise<ResolvedAttachment[]> {
  const files: FileRow[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const file = await findOwnFile(db, userId, attachment.url.trim());
    if (!file) {
      const label = attachment.name ? `"${attachment.name}"` : `number ${index + 1}`;
      throw new AppError('invalid_input', `Attachment ${label} is not one of your files. Attach files from your file library.`, 'attachments');
    }
    files.push(file);
  }
  return Promise.all(files.map((file) => readAttachment(store, file)));
}

async function findOwnFile(db: Db, userId: string, ref: string): Promise<FileRow | null> {
  if (UUID.test(ref)) return repo.findOwnFileById(db, userId, ref);
  const download = DOWNLOAD_PATH.exec(ref);
  if (download && UUID.test(download[1]!)) return repo.findOwnFileById(db, userId, download[1]!);
  if (OBJECT_PATH.test(ref)) return repo.findOwnFileByObjectPath(db, userId, ref);
  return null;
}

async function readAttachment(store: ObjectStore, file: FileRow): Promise<ResolvedAttachment> {
  const meta = { name: file.originalName, mimeType: file.mimeType, size: file.size };
  const stored = { url: downloadUrlOf(file.id), name: file.originalName, type: file.mimeType, size: file.size };
  if (file.size > ATTACHMENT_READ_MAX_BYTES || attachmentKind(file.mimeType, file.originalName) === 'unsupported') {
    const extracted = await extractAttachment(Buffer.alloc(0), meta);
    if (file.size > ATTACHMENT_READ_MAX_BYTES) extracted.note = 'a file too large to read in a chat message';
    return { file, extracted, stored };
  }
  const bytes = await readObject(store, file.objectPath.replace(/^\/objects\//, ''));
  const extracted = await extractAttachment(bytes, meta);
  return { file, extracted, stored, imageBytes: extracted.kind === 'image' ? bytes : undefined };
}

async function readObject(store: ObjectStore, key: string): Promise<Buffer> {
  try {
    const stream = await store.get(key);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > ATTACHMENT_READ_MAX_BYTES) {
        stream.destroy();
        break;
      }
    }
    return Buffer.concat(chunks);
  } catch {
    throw new AppError('not_found', 'An attached file is missing from storage. Remove it and try again.');
  }
}
