/**
 * A generated library of small-to-medium documents for bench/searchable-library.bench.ts: plain
 * text, Markdown and born-digital PDFs (tests/fakes/documents' pdfOfPages), each holding one word
 * no other document has (`tag`), so a search for it tells whether that document is searchable.
 * Deterministic (a fixed-seed generator): every run indexes the same bytes.
 */
import { pdfOfPages } from '../../tests/fakes/documents';

const WORDS = (
  'invoice contract supplier quarter budget meeting minutes delivery warehouse schedule payment ' +
  'customer account report review policy insurance premium renewal tenant lease office laptop ' +
  'printer network backup server license audit ledger expense travel hotel flight training safety ' +
  'inspection maintenance repair vendor order shipment pallet freight customs tariff pension payroll ' +
  'holiday overtime recruitment interview candidate onboarding handbook procedure approval signature'
).split(' ');

export interface GeneratedDoc {
  name: string;
  type: string;
  bytes: Buffer;
  /** The word only this document holds. */
  tag: string;
  kind: 'text' | 'pdf';
}

/** Park–Miller: small, seeded, good enough to vary sentences. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

function sentence(next: (n: number) => number): string {
  const words = Array.from({ length: 8 + next(10) }, () => WORDS[next(WORDS.length)]!);
  return `${words[0]![0]!.toUpperCase()}${words.join(' ').slice(1)}.`;
}

const paragraph = (next: (n: number) => number) => Array.from({ length: 4 + next(5) }, () => sentence(next)).join(' ');

/** `count` documents: 45% text, 45% Markdown, 10% PDFs of 2 pages; about 1-8 KB of text each. */
export function generateLibrary(count: number): GeneratedDoc[] {
  const next = generator(20_261_128);
  return Array.from({ length: count }, (_, i) => {
    const tag = `tagword${i.toString(36).padStart(3, '0')}q`;
    const paragraphs = Array.from({ length: 3 + next(8) }, () => paragraph(next));
    // The tag sits in a random paragraph, not always the first passage.
    const at = next(paragraphs.length);
    paragraphs[at] = `${paragraphs[at]} Reference ${tag} belongs to this record.`;
    const kind = i % 20;
    if (kind < 2) {
      const half = Math.ceil(paragraphs.length / 2);
      return { name: `record-${i}.pdf`, type: 'application/pdf', bytes: pdfOfPages([paragraphs.slice(0, half).join(' '), paragraphs.slice(half).join(' ')]), tag, kind: 'pdf' };
    }
    if (kind < 11) return { name: `notes-${i}.md`, type: 'text/markdown', bytes: Buffer.from(`# Record ${i}\n\n${paragraphs.map((p, n) => `## Part ${n + 1}\n\n${p}`).join('\n\n')}\n`), tag, kind: 'text' };
    return { name: `letter-${i}.txt`, type: 'text/plain', bytes: Buffer.from(`${paragraphs.join('\n\n')}\n`), tag, kind: 'text' };
  });
}
