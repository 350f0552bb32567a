/**
 * Real documents of each indexed format, written in the tests: a PDF whose pages each show their
 * own text, an XLSX workbook with named sheets, a PPTX deck with titled slides. Each is a valid
 * file its format's readers open (pdf.js; the OOXML package structure Office writes).
 */
import { zipOf } from './hostile-files';
import { pdfFile } from './pdf-file';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Lines of at most `width` characters, cut between words. */
function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF whose page n shows pages[n-1] (wrapped into lines); an empty string makes a page with no text. */
export function pdfOfPages(pages: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 page tree, 3 font, then per page: the page and its content stream.
  const pageId = (i: number) => 4 + 2 * i;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (const [i, text] of pages.entries()) {
    const lines = wrap(text).map((line) => `(${escape(line)}) Tj T*`);
    const content = `BT /F1 10 Tf 12 TL 50 760 Td ${lines.join(' ')} ET`;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageId(i) + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  return pdfFile(objects);
}

const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const rels = (items: { id: string; type: string; target: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_RELS}">` +
  items.map((r) => `<Relationship Id="${r.id}" Type="${REL_NS}/${r.type}" Target="${r.target}"/>`).join('') +
  '</Relationships>';
const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) });

/** An XLSX workbook: each sheet a name and rows of cells (strings go to the shared strings, numbers stay numbers). */
export function xlsxOf(sheets: { name: string; rows: (string | number)[][] }[]): Buffer {
  const shared: string[] = [];
  const sheetXml = (rows: (string | number)[][]) =>
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">` +
          row
            .map((cell, c) => {
              const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
              if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
              shared.push(cell);
              return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
            })
            .join('') +
          '</row>',
      )
      .join('') +
    '</sheetData></worksheet>';
  const sheetParts = sheets.map((sheet, i) => part(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet.rows)));
  const workbook =
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL_NS}"><sheets>` +
    sheets.map((sheet, i) => `<sheet name="${xmlEscape(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
    '</sheets></workbook>';
  const sst =
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}" uniqueCount="${shared.length}">` +
    shared.map((s) => `<si><t>${xmlEscape(s)}</t></si>`).join('') +
    '</sst>';
  return zipOf([
    part('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
    part('_rels/.rels', rels([{ id: 'rId1', type: 'officeDocument', target: 'xl/workbook.xml' }])),
    part('xl/workbook.xml', workbook),
    part('xl/_rels/workbook.xml.rels', rels([...sheets.map((_, i) => ({ id: `rId${i + 1}`, type: 'worksheet', target: `worksheets/sheet${i + 1}.xml` })), { id: `rId${sheets.length + 1}`, type: 'sharedStrings', target: 'sharedStrings.xml' }])),
    part('xl/sharedStrings.xml', sst),
    ...sheetParts,
  ]);
}

/** A PPTX deck: each slide a title and body paragraphs. */
export function pptxOf(slides: { title: string; body: string[] }[]): Buffer {
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const shape = (ph: string, paragraphs: string[]) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr><p:ph type="${ph}"/></p:nvPr></p:nvSpPr><p:txBody><a:bodyPr/>` +
    paragraphs.map((t) => `<a:p><a:r><a:t>${xmlEscape(t)}</a:t></a:r></a:p>`).join('') +
    '</p:txBody></p:sp>';
  const slideXml = (slide: { title: string; body: string[] }) =>
    `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree>${shape('title', [slide.title])}${shape('body', slide.body)}</p:spTree></p:cSld></p:sld>`;
  const presentation =
    `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${P}" xmlns:r="${REL_NS}"><p:sldIdLst>` +
    slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('') +
    '</p:sldIdLst></p:presentation>';
  return zipOf([
    part('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
    part('_rels/.rels', rels([{ id: 'rId1', type: 'officeDocument', target: 'ppt/presentation.xml' }])),
    part('ppt/presentation.xml', presentation),
    part('ppt/_rels/presentation.xml.rels', rels(slides.map((_, i) => ({ id: `rId${i + 1}`, type: 'slide', target: `slides/slide${i + 1}.xml` })))),
    ...slides.map((slide, i) => part(`ppt/slides/slide${i + 1}.xml`, slideXml(slide))),
  ]);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
