/**
 * Hostile attachments, made in the tests (issue 14): a DOCX whose document.xml inflates hugely, a
 * PDF with very many pages, an HTML file that is one unclosed `<script>` after another. Each is a
 * valid file of its kind, so the old in-process extraction really did all the work.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { pdfFile } from './pdf-file';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface ZipPart {
  name: string;
  data: Buffer;
  /** 'deflate' compresses; 'store' keeps the bytes as they are. */
  method?: 'deflate' | 'store';
  /** Written into the headers instead of the real size: a zip that lies about what it inflates to. */
  declaredSize?: number;
}

/** A ZIP archive of `parts` (no ZIP64, so each part stays under 4 GiB). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const deflate = (part.method ?? 'deflate') === 'deflate';
    const body = deflate ? deflateRawSync(part.data, { level: 9 }) : part.data;
    const name = Buffer.from(part.name, 'utf8');
    const crc = crc32(part.data);
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_CLOSE = '</w:body></w:document>';

/** A DOCX whose document.xml is `paragraphs` (as text), deflated; `declaredSize` makes it lie about its size. */
export function docxOf(paragraphs: string[], options: { declaredSize?: number } = {}): Buffer {
  const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${xmlEscape(p)}</w:t></w:r></w:p>`).join('');
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'word/document.xml', data: Buffer.from(DOCUMENT_OPEN + body + DOCUMENT_CLOSE), declaredSize: options.declaredSize },
  ]);
}

/**
 * A DOCX bomb: a valid document whose document.xml inflates to about `inflatedBytes` of paragraphs
 * (100 MB deflates to about 100 KB). `declaredSize` makes its headers claim a harmless size.
 */
export function docxBomb(inflatedBytes: number, options: { declaredSize?: number } = {}): Buffer {
  const paragraph = '<w:p><w:r><w:t>All work and no play makes Jack a dull boy.</w:t></w:r></w:p>';
  const count = Math.max(1, Math.floor((inflatedBytes - DOCUMENT_OPEN.length - DOCUMENT_CLOSE.length) / paragraph.length));
  const xml = Buffer.from(DOCUMENT_OPEN + paragraph.repeat(count) + DOCUMENT_CLOSE);
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'word/document.xml', data: xml, declaredSize: options.declaredSize },
  ]);
}

/**
 * A PDF of `pageCount` pages that all share one content stream showing `text` (a few dozen bytes
 * a page, so 100,000 pages are about 14 MB). The cross-reference table is correct.
 */
export function pdfWithPages(pageCount: number, text = 'Page text'): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 72 720 Td (${escape(text)}) Tj ET`;
  // Objects 1-4 are the catalog, the page tree, the content stream and the font; pages follow.
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const firstPage = 5;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pageCount }, (_, i) => `${firstPage + i} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pageCount; i++) add('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>');
  return pdfFile(objects);
}

/** HTML that is nothing but unclosed `<script>` tags: quadratic for a lazy tag-stripping regex. */
export function scriptBombHtml(bytes: number): Buffer {
  return Buffer.from('<script>'.repeat(Math.ceil(bytes / 8)));
}

/**
 * A PNG whose header says `width` × `height` pixels (20,000 × 20,000 is 1.6 GB decoded) and whose
 * few bytes of data decode to nothing: what matters is that the size is refused from the header.
 */
export function hugePngHeader(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateRawSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A TIFF whose header is sound (one 800 × 600 page, 8-bit grey, one strip) but whose strip points
 * far past the end of the file and whose bytes are noise: a scan cut short in transfer.
 */
export function corruptTiff(): Buffer {
  const entries: [number, number, number, number][] = [
    [256, 3, 1, 800], // ImageWidth
    [257, 3, 1, 600], // ImageLength
    [258, 3, 1, 8], // BitsPerSample
    [259, 3, 1, 1], // Compression: none
    [262, 3, 1, 1], // PhotometricInterpretation: black is zero
    [273, 4, 1, 0x7fff_0000], // StripOffsets: far past the end
    [277, 3, 1, 1], // SamplesPerPixel
    [278, 3, 1, 600], // RowsPerStrip
    [279, 4, 1, 480_000], // StripByteCounts
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(count, at + 4);
    if (type === 3) ifd.writeUInt16LE(value, at + 8);
    else ifd.writeUInt32LE(value, at + 8);
  });
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const noise = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 251));
  return Buffer.concat([header, ifd, noise]);
}
