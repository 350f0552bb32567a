import { pdfFile } from './pdf-file';

/** One page of a scan: a JPEG (DCTDecode, RGB) of the page, with its size in pixels. */
export interface ScannedPage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * An image-only PDF, as a scanner makes it: each page is one image XObject and no text layer.
 * `repeat` pages in all, cycling through `pages` (a 1,000-page scan of one image costs one image's bytes).
 */
export function scannedPdf(pages: ScannedPage[], repeat = pages.length): Buffer {
  // Objects: 1 catalog, 2 page tree, then per distinct image one XObject, then per page a page and its content.
  const objects: string[] = ['', ''];
  const imageIds = pages.map((page) => {
    objects.push(
      `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n${page.jpeg.toString('latin1')}\nendstream`,
    );
    return objects.length;
  });
  const kids: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const page = pages[i % pages.length]!;
    const image = imageIds[i % pages.length]!;
    // 72 points per inch at 96 pixels per inch: the page is the image's size in points.
    const w = Math.round((page.width * 72) / 96);
    const h = Math.round((page.height * 72) / 96);
    const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${objects.length + 2} 0 R >>`);
    kids.push(objects.length);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return pdfFile(objects);
}

/** A JPEG's size in pixels, from its first start-of-frame marker. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  for (let at = 2; at + 9 < jpeg.length; ) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no frame in this JPEG');
}
