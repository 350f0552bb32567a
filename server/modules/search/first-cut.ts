/**
 * The first stage of ranking: which passages are scored at all. A question's words are OR-ed, so
 * one common word ("request") matches most of a library, and scoring every match is what made
 * GET /api/search take seconds over 10,000 files. The first cut is bounded instead: passages
 * holding all the words come first, then all but one, then any two, then any one, read through the
 * GIN index in that order until FIRST_CUT_SIZE passages are found. Only those get the full score
 * (which reads each passage's search vector); a passage holding fewer of the words is passed over
 * only when more than FIRST_CUT_SIZE passages hold more of them.
 */

/** Passages the full score is computed on, at most. Measured on bench/retrieval.bench.ts. */
export const FIRST_CUT_SIZE = 600;

/** Words the "any two" level pairs up, at most (45 pairs): long questions keep their first ones. */
const PAIRED_WORDS = 10;

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

const and = (terms: string[]) => terms.map((t) => `(${t})`).join(' & ');
const or = (terms: string[]) => terms.map((t) => `(${t})`).join(' | ');

/**
 * The levels of the first cut, most of the words first, each a tsquery text; every level keeps
 * the query's negations. Empty when nothing positive is asked for.
 */
export function firstCutLevels(text: string): string[] {
  const { positive, negative } = splitTsquery(text);
  const n = positive.length;
  if (n === 0) return [];
  const levels = [and(positive)];
  if (n >= 3) levels.push(or(positive.map((_, skip) => and(positive.filter((__, i) => i !== skip)))));
  if (n >= 4) {
    const paired = positive.slice(0, PAIRED_WORDS);
    const pairs: string[] = [];
    for (let i = 0; i < paired.length; i++) for (let j = i + 1; j < paired.length; j++) pairs.push(and([paired[i]!, paired[j]!]));
    levels.push(or(pairs));
  }
  if (n >= 2) levels.push(or(positive));
  return negative.length === 0 ? levels : levels.map((level) => and([level, ...negative]));
}
