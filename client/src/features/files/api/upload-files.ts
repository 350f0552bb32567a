import type { FileRecord, FileScope, UploadCompleteResponse, UploadUrlResponse } from '@contract/files';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES_PER_PICK } from '@contract/limits';
import { i18n } from '@/lib/i18n/i18n';
import { apiRequest, HttpError } from '@/lib/request';
import { writtenCount } from '../lib/written-count';
// Registers the `files` texts describeSkipped reads (it is also used by chat's attachments).
import '../texts';

export interface UploadOptions {
  /** The folder the files land in; null or omitted is Home. */
  folderId?: string | null;
  /** The library whose Home receives them when folderId is absent (a folder's own otherwise); private when omitted. */
  scope?: FileScope;
  /** Called as each file's bytes go up, with a fraction from 0 to 1. */
  onProgress?: (fileName: string, fraction: number) => void;
  /** SPEC §5's optional allowed-mime-type list ('image/*' matches every image); other types are skipped. */
  allowedMimeTypes?: readonly string[];
}

/** GET address of a stored file; also SPEC §7's fallback attachment address. */
export const downloadUrlOf = (file: Pick<FileRecord, 'id'>) => `/api/files/${file.id}/download`;

const mimeAllowed = (type: string, allowed?: readonly string[]) =>
  !allowed || allowed.some((pattern) => (pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern));

/**
 * SPEC §5's client rules: at most 10 files per pick (the rest dropped silently), files over
 * 100 MB skipped with a console warning only, and an optional allowed-type list.
 */
export function selectUploadable(files: readonly File[], allowedMimeTypes?: readonly string[]): File[] {
  return files.slice(0, UPLOAD_MAX_FILES_PER_PICK).filter((file) => {
    if (file.size > UPLOAD_MAX_FILE_BYTES) {
      console.warn(`Skipping ${file.name}: larger than ${UPLOAD_MAX_FILE_BYTES} bytes`);
      return false;
    }
    return mimeAllowed(file.type || 'application/octet-stream', allowedMimeTypes);
  });
}

/**
 * The one quiet sentence naming what a pick left out and why (issue 18: they vanished without a
 * word; SPEC still keeps them out, docs/spec-deviations.md). Null when nothing was left out.
 */
export function describeSkipped(files: readonly File[], allowedMimeTypes?: readonly string[]): string | null {
  const reasons: string[] = [];
  files.slice(0, UPLOAD_MAX_FILES_PER_PICK).forEach((file) => {
    if (file.size > UPLOAD_MAX_FILE_BYTES) reasons.push(i18n.t('files:skipped.overSize', { name: file.name }));
    else if (!mimeAllowed(file.type || 'application/octet-stream', allowedMimeTypes)) reasons.push(i18n.t('files:skipped.typeRefused', { name: file.name }));
  });
  const extra = files.length - UPLOAD_MAX_FILES_PER_PICK;
  if (extra > 0) reasons.push(i18n.t('files:skipped.moreFiles', { count: extra, n: writtenCount(i18n.language, extra), max: UPLOAD_MAX_FILES_PER_PICK }));
  return reasons.length > 0 ? i18n.t('files:skipped.sentence', { list: reasons.join(', ') }) : null;
}

/** PUT of the raw body through XMLHttpRequest, the one browser API that reports upload progress. */
function putWithProgress(url: string, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new HttpError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error(`Upload of ${file.name} failed: network error`));
    xhr.onabort = () => reject(new Error(`Upload of ${file.name} was aborted`));
    xhr.send(file);
  });
}

/** SPEC §7's first three steps: upload URL → PUT → upload-complete; answers the object's path (not yet a file record). */
export async function uploadObject(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const { uploadURL } = (await (await apiRequest('POST', '/api/objects/upload')).json()) as UploadUrlResponse;
  onProgress?.(0);
  await putWithProgress(uploadURL, file, onProgress);
  const { objectPath } = (await (
    await apiRequest('PUT', '/api/files/upload-complete', { fileURL: uploadURL })
  ).json()) as UploadCompleteResponse;
  return objectPath;
}

/** SPEC §7's flow for one file: upload URL → PUT → upload-complete → file record. */
export async function uploadOne(file: File, options: Omit<UploadOptions, 'allowedMimeTypes'>): Promise<FileRecord> {
  const objectPath = await uploadObject(file, (fraction) => options.onProgress?.(file.name, fraction));
  const record = await apiRequest('POST', '/api/files', {
    originalName: file.name,
    storedName: objectPath.split('/').pop(),
    mimeType: file.type || 'application/octet-stream',
    size: file.size,
    folderId: options.folderId ?? null,
    objectPath,
    // Into a folder, the server takes the folder's library; at Home, the tab's.
    ...(options.scope && !options.folderId ? { scope: options.scope } : {}),
  });
  options.onProgress?.(file.name, 1);
  return (await record.json()) as FileRecord;
}

/**
 * Uploads a pick of files one after another and resolves with the records saved. SPEC §8: upload
 * errors are only logged to the console; a failed file is left out of the result.
 */
export async function uploadFiles(files: File[], options: UploadOptions = {}): Promise<FileRecord[]> {
  const saved: FileRecord[] = [];
  for (const file of selectUploadable(files, options.allowedMimeTypes)) {
    try {
      saved.push(await uploadOne(file, options));
    } catch (error) {
      console.error(`Upload of ${file.name} failed`, error);
    }
  }
  return saved;
}
