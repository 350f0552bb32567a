import { Parser } from 'htmlparser2';
import type { CappedZip } from './capped-zip';

/**
 * Reading the XML parts of an Office Open XML package (XLSX, PPTX) with htmlparser2 in XML mode:
 * a streaming parser that keeps no tree, so deeply nested markup costs no stack and no memory
 * beyond the text kept. Callers get start tags, end tags and text; the formats' readers keep only
 * the few elements that carry text.
 */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

export function walkXml(xml: string, handlers: XmlHandlers): void {
  const parser = new Parser(
    {
      onopentag: (name, attributes) => handlers.open?.(name, attributes),
      onclosetag: (name) => handlers.close?.(name),
      ontext: (text) => handlers.text?.(text),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

/** A part of the package as text, or null when it is absent. */
export async function readPart(zip: CappedZip, name: string): Promise<string | null> {
  if (!zip.exists(name)) return null;
  return (await zip.read(name, 'utf-8')) as string;
}

/** Relationship id → part name, from a _rels file, resolved against the folder of the part that owns it. */
export async function relationships(zip: CappedZip, relsPath: string, baseFolder: string): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const xml = await readPart(zip, relsPath);
  if (!xml) return map;
  walkXml(xml, {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
      const target = attributes.Target;
      map.set(attributes.Id, target.startsWith('/') ? target.slice(1) : normalisePath(`${baseFolder}/${target}`));
    },
  });
  return map;
}

function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
