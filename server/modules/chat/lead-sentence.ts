import type { KnowledgePassage } from '../search/search.service';

/**
 * The offline engine's lead sentence (issue 39): with no model, a library answer opens with the
 * one sentence of the best passages that answers the question best. Measured by
 * bench/lead-sentence.bench.ts (questions on manual-like documents with known answers).
 *
 * Every sentence of the passages given is scored BM25-like against the question: a question word
 * counts by its rarity among those sentences (the tool's name, on every line, says little; "jump"
 * says much), stemmed so "connect" finds "connection"; a pair of question words side by side
 * ("jump host") counts again; an option named in the question (`-J`, `--bwlimit`) counts most,
 * and an option whose name is built of the question's words (`--bwlimit` for "limit the
 * bandwidth") counts as those words. For a "how" question a sentence that names an option or a
 * command is preferred. A sentence that leans on the one before ("This option…", "Use it…") is
 * quoted with it, so the lead says which option it speaks of.
 */

const STOPWORDS = new Set(
  ('a an and are as at be by can could do does did for from has have how i if in into is it its me my of on or our should so ' +
    'that the their them there these this those to was we what when where which who why will with would you your ' +
    'any all than then use using used want way get make makes making through over about between via onto')
    .split(' '),
);

/** A word reduced to a crude stem: "connections" and "connecting" both give "connect". */
export function stem(word: string): string {
  let w = word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/'s?$/, '');
  if (w.length > 4) {
    if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
    else if (w.endsWith('sses')) w = w.slice(0, -2);
    else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  }
  for (const suffix of ['ations', 'ation', 'ions', 'ion', 'ing', 'ed', 'ly', 'er']) {
    // "ending" → "end", but "string" stays whole (at least three letters must remain, four for -er, -ly).
    const keep = suffix === 'ing' || suffix === 'ed' ? 3 : 4;
    if (w.length - suffix.length >= keep && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  // Doubled last letter after a cut suffix: "stopped" → "stopp" → "stop".
  if (w.length > 4 && w.at(-1) === w.at(-2) && !/[aeiousl]/.test(w.at(-1)!)) w = w.slice(0, -1);
  return w;
}

/**
 * Words manuals use for the same act ("remove" files, the option is --delete): a question's word
 * also finds these, at a lower weight. General computing verbs only, not a thesaurus.
 */
const ALIKE: Record<string, string[]> = {
  remov: ['delet', 'eras'],
  delet: ['remov'],
  show: ['list', 'print', 'display'],
  list: ['show', 'print'],
  see: ['show', 'list', 'print'],
  creat: ['make', 'new'],
  start: ['launch', 'run'],
  stop: ['kill', 'halt'],
  limit: ['maximum', 'max', 'cap'],
  sav: ['writ', 'stor'],
  copy: ['transf'],
};
const SYNONYM_WEIGHT = 0.6;

const OPTION = /(?<![\p{L}\p{N}_-])--?[A-Za-z][A-Za-z0-9_-]*/gu;
const WORD = /\p{L}[\p{L}\p{N}_]*|\p{N}+/gu;

interface Tokens {
  /** Stems of the words in order, stopwords left out (options' names are words too). */
  stems: string[];
  /** The options as written: "-J", "--bwlimit". */
  options: string[];
}

function tokens(text: string): Tokens {
  const options = (text.match(OPTION) ?? []).map((o) => o.replace(/[-_]+$/, ''));
  const stems = (text.match(WORD) ?? []).filter((w) => !STOPWORDS.has(w.toLowerCase())).map(stem);
  return { stems, options };
}

/** `short` abbreviates `word` ("bw" for "bandwidth"): the same first letter, the others in order. */
function abbreviates(short: string, word: string): boolean {
  if (short.length < 2 || short.length > 3 || short[0] !== word[0] || word.length < 5) return false;
  let at = 1;
  for (const c of short.slice(1)) {
    at = word.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** The question's stems an option's name is built of: "--bwlimit" for "limit" and "bandwidth". */
function optionTerms(option: string, wanted: string[]): string[] {
  const name = option.replace(/^-+/, '').toLowerCase();
  if (name.length < 3) return [];
  const found: string[] = [];
  let rest = name;
  for (const term of wanted) {
    if (term.length >= 4 && rest.includes(term)) {
      found.push(term);
      rest = rest.replace(term, ' ');
    }
  }
  if (found.length === 0) return [];
  for (const part of rest.split(/[\s_-]+/)) {
    const long = wanted.find((term) => !found.includes(term) && abbreviates(part, term));
    if (long) found.push(long);
  }
  return found;
}

const HOW = /^\s*(how|which|what (option|flag|command|setting)|can i|is there a way)\b/i;
/** A sentence that leans on the one before it. */
const LEANS_BACK = /^(this|that|these|it|use it|without it|with it|such)\b/i;

interface Candidate {
  sentence: string;
  n: number;
  rank: number;
  /** The sentences before it in its passage, nearest last. */
  before: string[];
  /** How much of the question its whole passage holds, 0–1 (by the words' rarity). */
  coverage: number;
  stems: Set<string>;
  counts: Map<string, number>;
  pairs: Set<string>;
  options: string[];
  length: number;
  /** Question words an option of the sentence is named by (--bwlimit: limit, bandwidth). */
  named: number;
}

/** A passage's sentences: split after . ! ? and before an option that opens a line or follows a sentence. */
export function sentencesOf(body: string): string[] {
  return body
    .split(/\n\s*\n|\n(?=\s*--?[A-Za-z])|(?<=[.!?])\s+(?=\p{Lu}|\d|--?[A-Za-z]|`)/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}

export function leadSentence(question: string, passages: KnowledgePassage[]): { sentence: string; n: number } | null {
  const asked = tokens(question);
  const wanted = [...new Set(asked.stems)];
  if (wanted.length === 0 && asked.options.length === 0) return null;
  const wantedSet = new Set(wanted);
  const alikeOf = new Map<string, string[]>();
  for (const term of wanted) for (const other of ALIKE[term] ?? []) alikeOf.set(other, [...(alikeOf.get(other) ?? []), term]);
  const askedPairs = new Set(asked.stems.slice(1).map((s, i) => `${asked.stems[i]} ${s}`));

  const candidates: Candidate[] = [];
  const passageStems: Set<string>[] = [];
  passages.slice(0, 5).forEach((p, rank) => {
    const before: string[] = [];
    passageStems.push(new Set());
    for (const sentence of sentencesOf(p.body)) {
      const t = tokens(sentence);
      const counts = new Map<string, number>();
      for (const s of t.stems) {
        if (wantedSet.has(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
        else for (const term of alikeOf.get(s) ?? []) counts.set(term, (counts.get(term) ?? 0) + SYNONYM_WEIGHT);
      }
      let named = 0;
      for (const option of t.options) {
        for (const s of optionTerms(option, wanted)) {
          counts.set(s, (counts.get(s) ?? 0) + 1);
          named++;
        }
      }
      for (const s of counts.keys()) passageStems[rank]!.add(s);
      if (sentence.length >= 20 && sentence.length <= 400) {
        candidates.push({
          sentence,
          n: p.n,
          rank,
          before: before.slice(-2),
          coverage: 0,
          stems: new Set(counts.keys()),
          counts,
          pairs: new Set(t.stems.slice(1).map((s, i) => `${t.stems[i]} ${s}`)),
          options: t.options,
          length: t.stems.length,
          named,
        });
      }
      before.push(sentence);
    }
  });
  if (candidates.length === 0) return null;

  // Rarity of each question word among the candidate sentences (BM25's idf).
  const total = candidates.length;
  const idf = new Map<string, number>();
  for (const term of wanted) {
    const df = candidates.filter((c) => c.stems.has(term)).length;
    idf.set(term, Math.log(1 + (total - df + 0.5) / (df + 0.5)));
  }
  // A sentence of a passage that answers the whole question outranks a stray one elsewhere.
  const allIdf = [...idf.values()].reduce((sum, v) => sum + v, 0) || 1;
  for (const c of candidates) {
    let held = 0;
    for (const term of passageStems[c.rank]!) held += idf.get(term)!;
    c.coverage = held / allIdf;
  }
  const averageLength = candidates.reduce((sum, c) => sum + c.length, 0) / total;
  const maxIdf = Math.max(...idf.values(), 1);
  const how = HOW.test(question);

  let best: { candidate: Candidate; score: number } | null = null;
  for (const c of candidates) {
    let score = 0;
    for (const [term, n] of c.counts) {
      const k1 = 1.2;
      const b = 0.4;
      score += idf.get(term)! * ((n * (k1 + 1)) / (n + k1 * (1 - b + (b * c.length) / averageLength)));
    }
    // More of the question's words in one sentence counts beyond their sum (Lucene's coordination).
    score *= 0.5 + (0.5 * c.counts.size) / Math.max(wanted.length, 1);
    if (score === 0 && !asked.options.some((o) => c.options.includes(o))) continue;
    for (const pair of askedPairs) if (c.pairs.has(pair)) score += 0.5 * maxIdf;
    for (const option of asked.options) if (c.options.includes(option)) score += 2 * maxIdf;
    if (how && c.options.length > 0) score += 0.3 * maxIdf;
    // An option named by the question's words is what the question asks for.
    score += 0.3 * maxIdf * Math.min(c.named, 1);
    // Ties and near-ties go to the better passage.
    score *= (0.6 + 0.4 * c.coverage) * (1 - 0.08 * c.rank);
    if (!best || score > best.score) best = { candidate: c, score };
  }
  if (!best) return null;
  const { candidate } = best;
  let sentence = candidate.sentence;
  // "Use it to…" after "This option is…" after "-C, --directory=DIR Change to DIR…": back to the one that names it.
  for (let i = candidate.before.length - 1; i >= 0 && LEANS_BACK.test(sentence); i--) {
    const previous = candidate.before[i]!;
    if (previous.length + sentence.length >= 400) break;
    sentence = `${previous} ${sentence}`;
  }
  return { sentence, n: candidate.n };
}
