/** What a file is, for reading its text: by its mime type, or by its name when the type is vague. */
export type DocumentKind = 'text' | 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'html' | 'image' | 'unsupported';

/** The kinds whose text the extraction workers read. */
export type ExtractableKind = Exclude<DocumentKind, 'image' | 'unsupported'>;

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

export const isExtractable = (kind: DocumentKind): kind is ExtractableKind => kind !== 'image' && kind !== 'unsupported';
