import type { ParsedChatRequest } from '@contract/chat';
import type { Citation, KnowledgeOption } from '@contract/search';
import type { KnowledgePassage } from '../search/search.service';
import type { ResolvedAttachment } from './chat-attachments';

/**
 * "Search my files" in chat (issue 16): the passages a reply is given, how a model is told to use
 * them, and the offline engine's cited answer when there is no model.
 */

/** Where passages come from: the search service's retrieve (only the user's readable files). */
export interface KnowledgeSource {
  retrieve(userId: string, question: string, knowledge: KnowledgeOption, limit?: number): Promise<KnowledgePassage[]>;
}

/** Passages from one long attachment, at most, in place of its cut-off text. */
const PASSAGES_PER_LONG_ATTACHMENT = 4;

/**
 * The passages for this message: from the files in scope when "Search my files" is on, and from
 * each attachment too long to include whole (the part of it that bears on the question, not just
 * its first pages). Numbered [1]…[n] in order; null when neither applies.
 */
export async function gatherKnowledge(
  source: KnowledgeSource | undefined,
  userId: string,
  body: ParsedChatRequest,
  question: string,
  attachments: ResolvedAttachment[],
): Promise<KnowledgePassage[] | null> {
  if (!source) return null;
  const found: KnowledgePassage[] = [];
  if (body.knowledge) found.push(...(await source.retrieve(userId, question, body.knowledge)));
  for (const a of attachments.filter((x) => x.extracted.truncated)) {
    const passages = await source.retrieve(userId, question, { scope: 'all', fileIds: [a.file.id] }, PASSAGES_PER_LONG_ATTACHMENT);
    found.push(...passages.filter((p) => !found.some((f) => f.fileId === p.fileId && f.body === p.body)));
  }
  if (!body.knowledge && found.length === 0) return null;
  return found.map((p, i) => ({ ...p, n: i + 1 }));
}

export const citationsOf = (passages: KnowledgePassage[] | null): Citation[] | undefined =>
  passages ? passages.map((p) => ({ n: p.n, fileId: p.fileId, fileName: p.fileName, page: p.page, snippet: p.snippet })) : undefined;

/** How a citation names its source: "acme-msa.pdf, p. 9". */
export const sourceLabel = (p: { fileName: string; page: number | null }) => (p.page ? `${p.fileName}, p. ${p.page}` : p.fileName);

/** Added to the system prompt when the message carries passages. */
export const KNOWLEDGE_RULES =
  'The user message ends with numbered passages from the user\'s own files, each between <<< and >>>. ' +
  'Answer from those passages: quote or paraphrase them and cite each one you use as [n], right after the sentence it supports. ' +
  'Do not cite a passage for something it does not say. If the passages do not contain the answer, say so plainly, and only then add what you know yourself, marked as not from their files.';

/** The passages as the model reads them, after the user's text. */
export function knowledgePromptText(passages: KnowledgePassage[]): string {
  if (passages.length === 0) return 'Passages from the user\'s files: none matched this question.';
  const blocks = passages.map((p) => `[${p.n}] ${sourceLabel(p)}${p.heading ? ` (${p.heading})` : ''}\n<<<\n${p.body}\n>>>`);
  return `Passages from the user's files:\n\n${blocks.join('\n\n')}`;
}

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from has have how i if in is it its me my of on or our should that the their there these this to was we what when where which who why will with you your'.split(' '),
);
/** A question's words, crudely stemmed (first five letters), without the common ones. */
const termsOf = (text: string) =>
  new Set(
    (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*|\p{N}+/gu) ?? [])
      .filter((w) => !STOPWORDS.has(w))
      .map((w) => w.normalize('NFD').replace(/\p{M}/gu, '').slice(0, 5)),
  );

/** The sentence of the best passages that shares the most words with the question (ties: the earlier passage). */
export function leadSentence(question: string, passages: KnowledgePassage[]): { sentence: string; n: number } | null {
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

const quote = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

/**
 * The offline engine's answer from the user's files: one extractive lead sentence, then the 3–5
 * best passages quoted and cited, and a plain statement that no model wrote it.
 */
export function offlineKnowledgeAnswer(question: string, passages: KnowledgePassage[]): string {
  if (passages.length === 0) {
    return (
      'I searched your files and found no passage that matches this question. Try other words, or widen the scope of "Search my files".\n\n' +
      '_Answered offline, without a language model._'
    );
  }
  const best = passages.slice(0, 5);
  const lead = leadSentence(question, best);
  const lines: string[] = [];
  lines.push(lead ? `From your files: "${lead.sentence}" [${lead.n}]` : 'From your files, the passages that match best:');
  for (const p of best) lines.push('', `**[${p.n}] ${sourceLabel(p)}**`, quote(p.snippet || p.body.slice(0, 400)));
  lines.push(
    '',
    '_No language model wrote this: it is Genie\'s offline engine, quoting the passages of your files that match your question word for word. Connect a model for a written answer._',
  );
  return lines.join('\n');
}
