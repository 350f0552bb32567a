import type { Attachment } from '@contract/chat';
import type { FileRecord } from '@contract/files';
import { attachmentKind, extractAttachment, type AttachmentReader, type ExtractedAttachment } from '../../adapters/llm/attachment-text';
import { AppError } from '../../lib/app-error';
import { downloadUrlOf } from '../files/file-references';
import type { FilesForChat } from '../files/file-records.service';

/**
 * Attachments name the user's own files only (by id, download address or objectPath; the files
 * module says which). Nothing is fetched from a URL: the bytes come from our object store.
 */

export interface ResolvedAttachment {
  file: FileRecord;
  extracted: ExtractedAttachment;
  /** Raw bytes of an image, for models that accept images. */
  imageBytes?: Buffer;
  /** How the stored message refers to it: always our own download address. */
  stored: { url: string; name: string; type: string; size: number };
}

export async function resolveAttachments(
  files: FilesForChat,
  reader: AttachmentReader,
  userId: string,
  attachments: Attachment[],
  /** The model cannot see images: pictures of pages are read by OCR instead. */
  readPictures = false,
): Promise<ResolvedAttachment[]> {
  const found: FileRecord[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const file = await files.findOwnFile(userId, attachment.url.trim());
    if (!file) {
      const label = attachment.name ? `"${attachment.name}"` : `number ${index + 1}`;
      throw new AppError('invalid_input', `Attachment ${label} is not one of your files. Attach files from your file library.`, 'attachments');
    }
    found.push(file);
  }
  return Promise.all(found.map((file) => readAttachment(files, reader, file, readPictures)));
}

async function readAttachment(files: FilesForChat, reader: AttachmentReader, file: FileRecord, readPictures: boolean): Promise<ResolvedAttachment> {
  const meta = { name: file.originalName, mimeType: file.mimeType, size: file.size };
  const stored = { url: downloadUrlOf(file.id), name: file.originalName, type: file.mimeType, size: file.size };
  // Text is read by the extraction workers, which pull the object's bytes as they need them.
  const extracted = await extractAttachment(reader, meta, () => files.openFile(file), undefined, readPictures).catch(missingFromStorage);
  // Images are read whole: vision models take them as they are.
  const maxBytes = reader.limits.maxInputBytes;
  const isImage = attachmentKind(file.mimeType, file.originalName) === 'image' && file.size <= maxBytes;
  const imageBytes = isImage ? await files.readFile(file, maxBytes).catch(missingFromStorage) : undefined;
  return { file, extracted, stored, imageBytes };
}

function missingFromStorage(): never {
  throw new AppError('not_found', 'An attached file is missing from storage. Remove it and try again.');
}
