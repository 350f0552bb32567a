// No zod here: the file manager draws its icons with this, and would otherwise load zod with it.

/** SPEC §2: files show an icon by mime type; profile and admin break storage down by the same groups. */
export const FILE_CATEGORIES = ['image', 'video', 'audio', 'document', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/rtf',
  'application/json',
  'application/xml',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/epub+zip',
]);

/** The category of a mime type: image, video, audio, document (text and office formats) or other. */
export function fileCategoryOf(mimeType: string): FileCategory {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('text/') || DOCUMENT_TYPES.has(type) || type.startsWith('application/vnd.openxmlformats-officedocument.')) {
    return 'document';
  }
  return 'other';
}
