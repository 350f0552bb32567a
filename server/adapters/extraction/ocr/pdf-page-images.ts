import type { getDocumentProxy } from 'unpdf';

type PDFPageProxy = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>['getPage']>>;

/**
 * The pictures painted on a PDF page, as PNM files Tesseract reads (8-bit grey: OCR needs no
 * colour, and it is a third of the bytes). pdf.js decodes each image XObject for the page's
 * operator list; images above the document's maxImageSize are skipped by pdf.js itself, so a
 * hostile 20,000 × 20,000 image is never decoded. Tiny images (logos, rules) are left out.
 */
const MIN_SIDE = 64;
/** pdf.js's ImageKind. */
const GRAYSCALE_1BPP = 1;

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

export async function pageImages(page: PDFPageProxy, paintImageOps: Set<number>): Promise<Buffer[]> {
  const operators = await page.getOperatorList();
  const images: Buffer[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < operators.fnArray.length; i++) {
    if (!paintImageOps.has(operators.fnArray[i]!)) continue;
    const key = (operators.argsArray[i] as unknown[])[0];
    if (typeof key !== 'string' || seen.has(key)) continue;
    seen.add(key);
    const image = await new Promise<DecodedImage | null>((resolve) => {
      const objects = key.startsWith('g_') ? page.commonObjs : page.objs;
      if (!objects.has(key)) return resolve(null);
      objects.get(key, (value: unknown) => resolve(value as DecodedImage | null));
    });
    if (!image?.data || image.width < MIN_SIDE || image.height < MIN_SIDE) continue;
    const grey = greyPixels(image as Required<DecodedImage>);
    if (grey) images.push(Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1'), grey]));
  }
  return images;
}

function greyPixels({ width, height, kind, data }: Required<DecodedImage>): Buffer | null {
  const grey = Buffer.alloc(width * height);
  if (kind === GRAYSCALE_1BPP) {
    // One bit a pixel, rows padded to whole bytes; a set bit is white.
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) grey[y * width + x] = data[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
    }
    return grey;
  }
  const channels = data.length / (width * height);
  if (channels !== 3 && channels !== 4) return null;
  for (let p = 0, at = 0; p < grey.length; p++, at += channels) {
    // Luma (ITU-R BT.601), in integers.
    grey[p] = (data[at]! * 299 + data[at + 1]! * 587 + data[at + 2]! * 114) / 1000;
  }
  return grey;
}
