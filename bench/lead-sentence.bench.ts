/**
 * The offline engine's lead sentence (issue 39): with no model, a library answer opens with one
 * sentence quoted from the best passages. Does that sentence answer the question?
 *
 * Corpus (bench/lib/lead-sentence-corpus.ts): 10 manual-like documents written for this bench
 * (man-page options, admin guides), 40 passages, 38 questions each with a phrase only the
 * answering sentence holds. The passages a question is given are ranked as Genie ranks a file's
 * passages in its own process (passage-ranking.ts `bestBodies`, the best 5), so the lead sentence
 * is chosen among realistic neighbours. A question counts when its lead sentence holds the phrase.
 *
 * Figures: the share of questions answered by the lead sentence, on the questions the ranking was
 * tuned on and on the held-out half, against the lead sentence as it was before (kept below,
 * `oldLeadSentence`, as it stood at 8c901f9). Pure computation: runs in well under a second.
 */
import { bestBodies, termsOf } from '../server/modules/chat/passage-ranking';
import { leadSentence } from '../server/modules/chat/chat-knowledge';
import type { KnowledgePassage } from '../server/modules/search/search.service';
import { DOCS, QUESTIONS } from './lib/lead-sentence-corpus';
import { report, round } from './lib/report';

/** The lead sentence before issue 39's work: the sentence of the first 3 passages sharing the most words with the question. */
function oldLeadSentence(question: string, passages: KnowledgePassage[]): { sentence: string; n: number } | null {
  const wanted = termsOf(question);
  let best: { sentence: string; n: number; score: number } | null = null;
  for (const p of passages.slice(0, 3)) {
    for (const raw of p.body.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=\p{Lu}|\d)/u)) {
      const sentence = raw.trim();
      if (sentence.length < 20 || sentence.length > 400) continue;
      let score = 0;
      for (const term of termsOf(sentence)) if (wanted.has(term)) score++;
      if (score > 0 && (!best || score > best.score)) best = { sentence, n: p.n, score };
    }
  }
  return best && { sentence: best.sentence, n: best.n };
}

const library = DOCS.flatMap((doc) => doc.passages.map((body) => ({ doc: doc.name, body })));

/** The 5 passages Genie would give this question, numbered [1]…[5]. */
function passagesFor(question: string): KnowledgePassage[] {
  return bestBodies(question, library.map((p) => p.body), 5).map(({ index, score }, i) => ({
    n: i + 1,
    fileId: library[index]!.doc,
    fileName: library[index]!.doc,
    page: null,
    heading: null,
    body: library[index]!.body,
    snippet: library[index]!.body.slice(0, 200),
    score,
  }));
}

type Lead = (question: string, passages: KnowledgePassage[]) => { sentence: string; n: number } | null;

function measure(lead: Lead, tuned: boolean) {
  const set = QUESTIONS.filter((q) => q[2] === tuned);
  let hits = 0;
  let retrieved = 0;
  const misses: string[] = [];
  for (const [question, phrase] of set) {
    const passages = passagesFor(question);
    if (passages.some((p) => p.body.includes(phrase))) retrieved++;
    const chosen = lead(question, passages);
    if (chosen?.sentence.includes(phrase)) hits++;
    else misses.push(`${question} → ${chosen ? `[${chosen.n}] ${chosen.sentence.slice(0, 90)}` : 'none'}`);
  }
  return { share: hits / set.length, hits, count: set.length, retrieved, misses };
}

const rows = [true, false].map((tuned) => ({ tuned, now: measure(leadSentence, tuned), before: measure(oldLeadSentence, tuned) }));
for (const { tuned, now, before } of rows) {
  const label = tuned ? 'tuned on' : 'held out';
  console.error(`${label}: now ${now.hits}/${now.count}, before ${before.hits}/${before.count}, answer among the 5 passages ${now.retrieved}/${now.count}`);
  for (const miss of now.misses) console.error(`  miss: ${miss}`);
  report({
    figure: `(chat) offline lead sentence holds the answer: ${now.count} questions ${label} over ${DOCS.length} manual-like documents`,
    baseline: `before issue 39's ranking: ${before.hits}/${before.count} (${round(before.share * 100, 0)}%)`,
    measured: `${now.hits}/${now.count} (${round(now.share * 100, 0)}%); the answering passage was among the 5 given for ${now.retrieved}/${now.count}`,
    ratio: round(now.share),
    target: '≥ 0.8 of the questions',
    met: now.share >= 0.8,
    ...(now.share >= 0.8 ? {} : { gap: `misses: ${now.misses.join('; ')}` }),
  });
}
