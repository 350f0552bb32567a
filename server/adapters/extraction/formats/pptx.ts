import { CharBudget, type Section, type SectionedText } from '../sections';
import { openCappedZip } from './capped-zip';
import { readPart, relationships, walkXml } from './ooxml';

/**
 * A PPTX deck's text, one section per slide in the deck's order (page = slide number, heading =
 * the slide's title placeholder), each paragraph a line. Speaker notes are not read.
 */
export async function extractPptx(bytes: Buffer, maxChars: number, caps: { maxEntryBytes: number; maxTotalBytes: number }): Promise<SectionedText> {
  const zip = await openCappedZip(bytes, caps);
  const presentation = await readPart(zip, 'ppt/presentation.xml');
  if (presentation === null) throw new Error('not a presentation: no ppt/presentation.xml');
  const rels = await relationships(zip, 'ppt/_rels/presentation.xml.rels', 'ppt');
  const slideParts: string[] = [];
  walkXml(presentation, {
    open(name, attributes) {
      const part = name === 'p:sldId' && attributes['r:id'] ? rels.get(attributes['r:id']) : undefined;
      if (part) slideParts.push(part);
    },
  });
  const budget = new CharBudget(maxChars);
  const sections: Section[] = [];
  for (const [index, part] of slideParts.entries()) {
    if (budget.spent) break;
    const xml = await readPart(zip, part);
    if (xml === null) continue;
    const slide = slideText(xml);
    sections.push({ page: index + 1, heading: slide.title, text: budget.take(slide.text) });
  }
  return { sections, truncated: budget.used > budget.max, pages: slideParts.length };
}

function slideText(xml: string): { title: string | null; text: string } {
  const paragraphs: string[] = [];
  let paragraph: string[] | null = null;
  let inText = false;
  let shapeIsTitle = false;
  let shapeText: string[] = [];
  let title: string | null = null;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'p:sp') {
        shapeIsTitle = false;
        shapeText = [];
      } else if (name === 'p:ph' && (attributes.type === 'title' || attributes.type === 'ctrTitle')) shapeIsTitle = true;
      else if (name === 'a:p') paragraph = [];
      else if (name === 'a:t') inText = true;
    },
    close(name) {
      if (name === 'a:t') inText = false;
      else if (name === 'a:p' && paragraph) {
        const line = paragraph.join('').trim();
        if (line !== '') {
          paragraphs.push(line);
          shapeText.push(line);
        }
        paragraph = null;
      } else if (name === 'p:sp' && shapeIsTitle && title === null && shapeText.length > 0) title = shapeText.join(' ');
    },
    text(text) {
      if (inText && paragraph) paragraph.push(text);
    },
  });
  return { title, text: paragraphs.join('\n') };
}
