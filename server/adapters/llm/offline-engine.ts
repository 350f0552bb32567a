import type { ChatMode } from '@contract/chat';
import { formatBytes } from '@contract/format';
import type { Persona } from '@contract/personas';
import type { ExtractedAttachment } from './attachment-text';
import { lookupWord, suggestWords, wordAskedAbout, type WordNetEntry } from './wordnet';

/**
 * What Genie answers when no model provider is configured (DESIGN.md "The offline engine"). It
 * never pretends to be a language model: dictionary answers come from WordNet, attachments get an
 * extractive summary and their facts, and anything else is told plainly how to connect a model.
 */

export const OFFLINE_MODEL = 'offline';

/**
 * What a user is told to do about it. Operator settings (provider keys, server addresses) are in
 * the README and the admin System tab, never in a reply: the reader is usually not the operator.
 */
export const ASK_ADMINISTRATOR = 'No AI model is connected yet; ask your administrator.';

export async function offlineReply(input: {
  persona: Persona;
  mode: ChatMode;
  message: string;
  attachments: ExtractedAttachment[];
}): Promise<string> {
  const sections: string[] = [];
  if (input.mode === 'dictionary' && input.message.trim()) sections.push(await dictionaryAnswer(input.message));
  for (const attachment of input.attachments) sections.push(summariseAttachment(attachment));
  if (sections.length === 0) {
    sections.push(
      `${input.persona.emoji} **${input.persona.name} is offline.** ${ASK_ADMINISTRATOR} ` +
        `Until one is, I can't write an answer to that myself, and I won't pretend to.\n\n` +
        `What works right now without a model: **Dictionary** mode answers from WordNet, and files you attach ` +
        `get a summary with their key facts.`,
    );
  } else {
    sections.push('_Answered offline, without a language model._');
  }
  return sections.join('\n\n');
}

export async function dictionaryAnswer(message: string): Promise<string> {
  const word = wordAskedAbout(message);
  const entry = await lookupWord(word);
  if (entry) return formatEntry(entry);
  const suggestions = await suggestWords(word);
  if (suggestions.length > 0) {
    const [best] = suggestions;
    const entryOfBest = await lookupWord(best!);
    const list = suggestions.map((s) => `**${s}**`).join(', ');
    return `"${word}" is not in WordNet. Did you mean ${list}?` + (entryOfBest ? `\n\n${formatEntry(entryOfBest)}` : '');
  }
  return `"${word}" is not in WordNet, and no close spelling is either. Check the spelling, or try the word's base form.`;
}

/** A WordNet entry as Markdown: senses grouped by part of speech, with examples and synonyms. */
export function formatEntry(entry: WordNetEntry): string {
  const lines = [`## ${entry.lemma}`];
  const byPos = new Map<string, WordNetEntry['senses']>();
  for (const sense of entry.senses) byPos.set(sense.partOfSpeech, [...(byPos.get(sense.partOfSpeech) ?? []), sense]);
  for (const [pos, senses] of byPos) {
    lines.push('', `**${pos}**`);
    senses.forEach((sense, i) => {
      lines.push(`${i + 1}. ${sense.definition}`);
      for (const example of sense.examples.slice(0, 2)) lines.push(`   - _"${example}"_`);
      if (sense.synonyms.length > 0) lines.push(`   - Synonyms: ${sense.synonyms.join(', ')}`);
    });
  }
  lines.push('', '_Source: WordNet 3.1. WordNet has no pronunciations or etymologies._');
  return lines.join('\n');
}

/** An extractive summary: the attachment's facts and its most representative sentences. */
export function summariseAttachment(a: ExtractedAttachment): string {
  const facts = [`type ${a.mimeType}`, `${formatBytes(a.size)}`];
  if (a.pages) facts.push(`${a.pages} page${a.pages === 1 ? '' : 's'}`);
  // Reading stops at the prompt's budget where the format allows: then only a lower bound is known.
  if (a.wordCount) facts.push(`${a.readWhole ? '' : 'at least '}${a.wordCount} words`);
  const lines = [`### ${a.name}`, facts.join(' · ')];
  if (!a.text) {
    lines.push('', `This is ${a.note ?? 'a file without readable text'}; without a model I can only describe it.`);
    return lines.join('\n');
  }
  const headings = findHeadings(a.text);
  if (headings.length > 0) lines.push('', `**Headings:** ${headings.slice(0, 8).join(' · ')}`);
  const summary = keySentences(a.text, 4);
  if (summary.length > 0) lines.push('', '**Key sentences:**', ...summary.map((s) => `- ${s}`));
  if (a.truncated) lines.push('', '_Only the beginning of this file was read._');
  return lines.join('\n');
}

function findHeadings(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^#{1,4}\s+\S/.test(l) || (/^[A-Z][^.!?:;]{2,60}$/.test(l) && l.split(/\s+/).length <= 8 && !/\[Page \d+\]/.test(l)))
    .map((l) => l.replace(/^#+\s*/, ''))
    .filter((l, i, all) => all.indexOf(l) === i);
}

const STOP_WORDS = new Set(
  'the a an and or but of to in on at for with by from is are was were be been it this that these those as not no we you they he she i our your their its has have had will would can could may might shall should do does did'.split(' '),
);

/** The sentences whose words are most frequent in the whole text, kept in their original order. */
export function keySentences(text: string, count: number): string[] {
  const sentences = text
    .replace(/\[Page \d+\]/g, ' ')
    .replace(/^#+\s.*$/gm, ' ')
    .split(/(?<=[.!?])\s+|\n{2,}/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.split(' ').length >= 5 && s.length <= 400);
  const frequency = new Map<string, number>();
  const wordsOf = (s: string) => s.toLowerCase().match(/[a-z\u00c0-\u024f0-9']+/g)?.filter((w) => !STOP_WORDS.has(w)) ?? [];
  for (const s of sentences) for (const w of wordsOf(s)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const scored = sentences.map((s, i) => {
    const words = wordsOf(s);
    const score = words.reduce((n, w) => n + (frequency.get(w) ?? 0), 0) / Math.max(words.length, 1);
    return { s, i, score: score + (i === 0 ? 1 : 0) };
  });
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
}
