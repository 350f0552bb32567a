/**
 * The one query builder every path into retrieval goes through (search, chat's "Search my files",
 * long attachments, and whatever else asks the library): it bounds the terms of a question and the
 * work of its first cut, whatever the input's length. A chat message of 3,300 distinct words once
 * built an "all but one" level of n×(n−1) terms (10.9 million) and killed the embedded server;
 * here every level has a fixed bound, so the cost of a query is linear in the text it parses and
 * constant after that.
 *
 * How a long text is cut down to a question (issue 38):
 * - At most QUERY_TEXT_MAX_CHARS are parsed: the end of the text, where a long paste's question is.
 * - Terms of the last QUESTION_TAIL_CHARS (the question itself, its last words first) are kept first, then the longest
 *   of the rest (a long word is more often a rare one, which is what tells passages apart), then
 *   the earlier; at most QUERY_TERMS_MAX terms in all, in that order of preference.
 * - A phrase or group of more than TERM_LEXEMES_MAX words is taken apart into its words, so one
 *   quoted paragraph cannot become one enormous term.
 */

/** Characters of a text that are parsed into a query, at most (the text's end). */
export const QUERY_TEXT_MAX_CHARS = 20_000;
/** The end of a text that counts as its question: its terms are kept before any other. */
export const QUESTION_TAIL_CHARS = 200;
/** Positive terms a query keeps, at most. */
export const QUERY_TERMS_MAX = 24;
/** Negated terms a query keeps, at most. */
export const NEGATED_TERMS_MAX = 8;
/** Words one term (a phrase, a group) may hold before it is taken apart into its words. */
export const TERM_LEXEMES_MAX = 8;
/** Terms the "all but one" level is built from, at most (12 terms of 11 words each). */
const ALL_BUT_ONE_TERMS_MAX = 12;
/** Terms the "any two" level pairs up, at most (45 pairs). */
const PAIRED_TERMS_MAX = 10;

/** The texts to parse: the bounded text, and its question (its last QUESTION_TAIL_CHARS, from a word's start). */
export function textsToParse(text: string): { text: string; question: string } {
  const bounded = text.length > QUERY_TEXT_MAX_CHARS ? fromWordStart(text.slice(-QUERY_TEXT_MAX_CHARS)) : text;
  const question = bounded.length > QUESTION_TAIL_CHARS ? fromWordStart(bounded.slice(-QUESTION_TAIL_CHARS)) : bounded;
  return { text: bounded, question };
}

/** Characters of a text an embedding model is asked to embed as a query, at most (its end). */
export const EMBEDDED_QUERY_MAX_CHARS = 2_000;

/** The part of a text that is embedded as a query: its end, from a word's start. */
export const textToEmbed = (text: string) => (text.length > EMBEDDED_QUERY_MAX_CHARS ? fromWordStart(text.slice(-EMBEDDED_QUERY_MAX_CHARS)) : text);

/** Drops a cut word at the start of a slice of text. */
function fromWordStart(slice: string): string {
  const space = slice.search(/\s/);
  return space < 0 ? slice : slice.slice(space + 1);
}

/**
 * A tsquery's top-level AND-ed terms, as tsquery text: `'set' & 'http' & !'draft'` →
 * positive ['\'set\'', '\'http\''], negative ['!\'draft\'']. A phrase (`'a' <-> 'b'`) or a
 * parenthesised OR is one term. Quotes inside lexemes are doubled, as tsquery text writes them.
 */
export function splitTsquery(text: string): { positive: string[]; negative: string[] } {
  const terms: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (quoted && text[i + 1] === "'") i++;
      else quoted = !quoted;
    } else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === '&') {
      terms.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  terms.push(text.slice(start).trim());
  const nonEmpty = terms.filter((t) => t.length > 0);
  return { positive: nonEmpty.filter((t) => !t.startsWith('!')), negative: nonEmpty.filter((t) => t.startsWith('!')) };
}

/** A term's words, as quoted tsquery lexemes. */
const lexemesOf = (term: string) => term.match(/'(?:[^']|'')*'/g) ?? [];

/** A term of more than TERM_LEXEMES_MAX words becomes its words, each a term. */
const takeApartLong = (terms: string[]) => terms.flatMap((t) => (lexemesOf(t).length > TERM_LEXEMES_MAX ? lexemesOf(t) : [t]));

/** The text of each term once, first place kept. */
const distinct = (terms: string[]) => [...new Set(terms)];

/**
 * The question's terms first (its last ones first), then the rest, longest first (ties: the earlier),
 * at most `max` of them.
 */
export function preferredTerms(terms: string[], questionTerms: ReadonlySet<string>, max: number): string[] {
  const all = distinct(takeApartLong(terms));
  if (all.length <= max) return all;
  // The question's last words first: a long paste can fill the question's end with its own words.
  const asked = all.filter((t) => questionTerms.has(t)).reverse();
  const rest = all
    .map((term, index) => ({ term, index }))
    .filter(({ term }) => !questionTerms.has(term))
    .sort((a, b) => b.term.length - a.term.length || a.index - b.index)
    .map(({ term }) => term);
  return [...asked, ...rest].slice(0, max);
}

const and = (terms: string[]) => terms.map((t) => `(${t})`).join(' & ');
const or = (terms: string[]) => terms.map((t) => `(${t})`).join(' | ');

/** A bounded query: `all` (every kept term), the first cut's `levels` (most of the terms first), `any` (one of them). */
export interface RetrievalQuery {
  all: string;
  levels: string[];
  any: string;
}

/**
 * The bounded query for a parsed text (tsquery text) and its parsed question. Null when nothing
 * positive is asked for. Every level keeps the query's negations.
 */
export function retrievalQuery(parsed: string, parsedQuestion: string = parsed): RetrievalQuery | null {
  const split = splitTsquery(parsed);
  const questionTerms = new Set(takeApartLong(splitTsquery(parsedQuestion).positive));
  const positive = preferredTerms(split.positive, questionTerms, QUERY_TERMS_MAX);
  const negative = distinct(split.negative).slice(0, NEGATED_TERMS_MAX);
  const n = positive.length;
  if (n === 0) return null;
  const levels = [and(positive)];
  if (n >= 3 && n <= ALL_BUT_ONE_TERMS_MAX) levels.push(or(positive.map((_, skip) => and(positive.filter((__, i) => i !== skip)))));
  if (n >= 4) {
    const paired = positive.slice(0, PAIRED_TERMS_MAX);
    const pairs: string[] = [];
    for (let i = 0; i < paired.length; i++) for (let j = i + 1; j < paired.length; j++) pairs.push(and([paired[i]!, paired[j]!]));
    levels.push(or(pairs));
  }
  if (n >= 2) levels.push(or(positive));
  const withNegations = negative.length === 0 ? levels : levels.map((level) => and([level, ...negative]));
  return { all: withNegations[0]!, levels: withNegations, any: withNegations[withNegations.length - 1]! };
}
