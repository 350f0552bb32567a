import { CharBudget, type Section, type SectionedText } from '../sections';
import { openCappedZip } from './capped-zip';
import { readPart, relationships, walkXml } from './ooxml';

/**
 * An XLSX workbook's cells, one section per sheet (page = the sheet's position, heading = its
 * name), each row a line of cells joined by " | ". Shared strings, inline strings and values are
 * read; formulas are not evaluated (the cached value is what the sheet shows).
 */
export async function extractXlsx(bytes: Buffer, maxChars: number, caps: { maxEntryBytes: number; maxTotalBytes: number }): Promise<SectionedText> {
  const zip = await openCappedZip(bytes, caps);
  const workbook = await readPart(zip, 'xl/workbook.xml');
  if (workbook === null) throw new Error('not a workbook: no xl/workbook.xml');
  const rels = await relationships(zip, 'xl/_rels/workbook.xml.rels', 'xl');
  const sheets: { name: string; part: string }[] = [];
  walkXml(workbook, {
    open(name, attributes) {
      const id = attributes['r:id'];
      const part = id ? rels.get(id) : undefined;
      if (name === 'sheet' && part) sheets.push({ name: attributes.name ?? `Sheet ${sheets.length + 1}`, part });
    },
  });
  const shared = await sharedStrings(await readPart(zip, 'xl/sharedStrings.xml'));
  const budget = new CharBudget(maxChars);
  const sections: Section[] = [];
  for (const [index, sheet] of sheets.entries()) {
    if (budget.spent) break;
    const xml = await readPart(zip, sheet.part);
    if (xml === null) continue;
    sections.push({ page: index + 1, heading: sheet.name, text: budget.take(sheetText(xml, shared)) });
  }
  return { sections, truncated: budget.used > budget.max, pages: sheets.length };
}

async function sharedStrings(xml: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  walkXml(xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
  });
  return strings;
}

function sheetText(xml: string, shared: string[]): string {
  const lines: string[] = [];
  let row: string[] = [];
  let cellType = '';
  let value: string[] | null = null;
  let inValue = false;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'row') row = [];
      else if (name === 'c') {
        cellType = attributes.t ?? '';
        value = [];
      } else if (name === 'v' || name === 't') inValue = true;
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && value) {
        const raw = value.join('').trim();
        const text = cellType === 's' ? (shared[Number(raw)] ?? '') : raw;
        if (text !== '') row.push(text.replace(/\s+/g, ' '));
        value = null;
      } else if (name === 'row' && row.length > 0) lines.push(row.join(' | '));
    },
    text(text) {
      if (inValue && value) value.push(text);
    },
  });
  return lines.join('\n');
}
