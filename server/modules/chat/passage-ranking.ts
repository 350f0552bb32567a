/**
 * Passages ranked and trimmed in this process, for a long attachment that is not in the search
 * index yet (issue 39): its text is cut by the indexer's own chunking, and the passages that share
 * the question's rarer words come first. Trimming keeps whole sentences around the one that bears
 * most on the question, so a passage cut to fit a small window still says what it said.
 */

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from has have how i if in is it its me my of on or our should that the their there these this to was we what when where which who why will with you your'.split(' '),
);

/** A text's words, crudely stemmed (first five letters), without the common ones, in order. */
export function termList(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*|\p{N}+/gu) ?? [])
    .filter((w) => !STOPWORDS.has(w))
    .map((w) => w.normalize('NFD').replace(/\p{M}/gu, '').slice(0, 5));
}

export const termsOf = (text: string) => new Set(termList(text));

/**
 * Each body's score against the question: for every question word it holds, the word's rarity
 * among the bodies (a word on every page says nothing) times a damped count of it. Zero when it
 * shares no word with the question.
 */
export function scoreBodies(question: string, bodies: string[]): number[] {
  const wanted = termsOf(question);
  const counts = bodies.map((body) => {
    const count = new Map<string, number>();
    for (const term of termList(body)) if (wanted.has(term)) count.set(term, (count.get(term) ?? 0) + 1);
    return count;
  });
  const documents = new Map<string, number>();
  for (const count of counts) for (const term of count.keys()) documents.set(term, (documents.get(term) ?? 0) + 1);
  return counts.map((count) => {
    let score = 0;
    for (const [term, n] of count) score += Math.log(1 + bodies.length / documents.get(term)!) * (1 + Math.log(n));
    return score;
  });
}

/** Indexes of the `limit` best bodies, best first (ties: the earlier); the first ones when none matches. */
export function bestBodies(question: string, bodies: string[], limit: number): { index: number; score: number }[] {
  const scores = scoreBodies(question, bodies);
  const ranked = scores.map((score, index) => ({ index, score })).filter((r) => r.score > 0);
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  if (ranked.length === 0) return bodies.slice(0, limit).map((_, index) => ({ index, score: 0 }));
  return ranked.slice(0, limit);
}

/** A body's sentences as [start, end) offsets: up to . ! ? and the space after them ("3.5" is no end). */
export function sentenceSpans(body: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const match of body.matchAll(/(?:[^.!?]|[.!?]+(?=[^\s.!?]))+(?:[.!?]+|$)/g)) {
    const raw = match[0];
    if (raw.trim() === '') continue;
    const lead = raw.length - raw.trimStart().length;
    spans.push({ start: match.index + lead, end: match.index + lead + raw.trim().length });
  }
  return spans;
}

/**
 * The body cut to at most `maxChars`, in whole sentences: the run of consecutive sentences that
 * fits and shares the most with the question (ties: the earliest). Empty when not even one
 * sentence fits. The sentences keep their own line breaks (a list stays a list).
 */
export function trimToSentences(body: string, question: string, maxChars: number): string {
  if (body.length <= maxChars) return body;
  const spans = sentenceSpans(body);
  if (spans.length === 0) return '';
  const scores = scoreBodies(question, spans.map((s) => body.slice(s.start, s.end)));
  let best: { from: number; to: number; score: number } | null = null;
  let to = 0;
  let score = 0;
  for (let from = 0; from < spans.length; from++) {
    if (to < from) {
      to = from;
      score = 0;
    }
    while (to < spans.length && spans[to]!.end - spans[from]!.start <= maxChars) score += scores[to++]!;
    if (to > from && (!best || score > best.score)) best = { from, to, score };
    if (to > from) score -= scores[from]!;
  }
  return best ? body.slice(spans[best.from]!.start, spans[best.to - 1]!.end) : '';
}
