/**
 * An image file's format and size in pixels, read from its header before anything decodes it: a
 * 20,000 × 20,000 pixel PNG is a few kilobytes on disk and 1.6 GB once decoded, so the size is
 * refused first. Only the formats OCR reads: PNG, JPEG, TIFF, WebP. Null when the header is not
 * one of them or is cut short.
 */
export interface ImageHeader {
  format: 'png' | 'jpeg' | 'tiff' | 'webp';
  width: number;
  height: number;
  /** Images in the file (a TIFF may hold several pages); 1 for the others. */
  frames: number;
}

export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  try {
    if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
      return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20), frames: 1 };
    }
    if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegHeader(b);
    if (b.length >= 8 && (b.toString('latin1', 0, 4) === 'II*\0' || b.toString('latin1', 0, 4) === 'MM\0*')) return tiffHeader(b);
    if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return webpHeader(b);
  } catch {
    // A header that points past the end of the file (RangeError): not an image we can read.
  }
  return null;
}

function jpegHeader(b: Buffer): ImageHeader | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: restart markers, start and end of image, TEM.
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { format: 'jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7), frames: 1 };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function tiffHeader(b: Buffer): ImageHeader | null {
  const little = b[0] === 0x49;
  const u16 = (at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  let ifd = u32(4);
  let width = 0;
  let height = 0;
  let frames = 0;
  const seen = new Set<number>();
  // Every page's size counts (the largest is what would be decoded); a loop of IFDs ends the walk.
  while (ifd !== 0 && !seen.has(ifd) && frames < 10_000) {
    seen.add(ifd);
    const entries = u16(ifd);
    let w = 0;
    let h = 0;
    for (let i = 0; i < entries; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = u16(entry);
      if (tag !== 256 && tag !== 257) continue;
      const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
      if (tag === 256) w = value;
      else h = value;
    }
    if (w === 0 || h === 0) return null;
    frames++;
    if (w * h > width * height) [width, height] = [w, h];
    ifd = u32(ifd + 2 + entries * 12);
  }
  return frames === 0 ? null : { format: 'tiff', width, height, frames };
}

function webpHeader(b: Buffer): ImageHeader | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff, frames: 1 };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, frames: 1 };
  }
  if (chunk === 'VP8X') return { format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1, frames: 1 };
  return null;
}
