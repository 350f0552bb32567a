/** What a file is, for reading its text: by its mime type, or by its name when the type is vague. */
export type DocumentKind = 'text' | 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'html' | 'image' | 'unsupported';

/** The kinds whose text the extraction workers read (images by OCR, when it is on). */
export type ExtractableKind = Exclude<DocumentKind, 'unsupported'>;

const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|tsv|json|log|xml|ya?ml|ini|toml)$/i;

export function documentKind(mimeType: string, name: string): DocumentKind {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf' || /\.pdf$/i.test(name)) return 'pdf';
  if (mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || /\.docx$/i.test(name)) return 'docx';
  if (mime === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' || /\.xlsx$/i.test(name)) return 'xlsx';
  if (mime === 'application/vnd.openxmlformats-officedocument.presentationml.presentation' || /\.pptx$/i.test(name)) return 'pptx';
  if (mime === 'text/html' || /\.html?$/i.test(name)) return 'html';
  if (mime.startsWith('text/') || mime === 'application/json' || mime === 'application/xml' || TEXT_EXTENSIONS.test(name)) return 'text';
  return 'unsupported';
}

const OCR_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/tiff', 'image/webp']);
const OCR_IMAGE_EXTENSIONS = /\.(png|jpe?g|tiff?|webp)$/i;

/** A picture OCR reads: PNG, JPEG, TIFF or WebP (not GIF, SVG, HEIC…). */
export function isOcrImage(mimeType: string, name: string): boolean {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  return OCR_IMAGE_TYPES.has(mime) || (mime.startsWith('image/') && OCR_IMAGE_EXTENSIONS.test(name));
}

/** The kind to ask the workers for, or null when they read nothing of this file (an image with OCR off). */
export function readableKind(mimeType: string, name: string, ocr: boolean): ExtractableKind | null {
  const kind = documentKind(mimeType, name);
  if (kind === 'unsupported') return null;
  if (kind === 'image') return ocr && isOcrImage(mimeType, name) ? 'image' : null;
  return kind;
}
