import { attachmentsOnlyMessage } from '@contract/chat';

/**
 * A new conversation's title, before (or without) the model's: the words that say what the first
 * message is about, without greetings and politeness, or the attached files' names when it is
 * only files (never "I've attached 1 file.").
 */

export const TITLE_MAX_CHARS = 60;

/** Openings that say nothing about the subject, removed from the start (repeatedly). */
const FILLER = [
  /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|greetings)( there)?\b[\s,.!:-]*/i,
  /^(genie|gino|gina|g)\b[\s,.!:-]+/i,
  /^(please|pls|kindly)\b[\s,.!:-]*/i,
  /^(can|could|would|will) you( please)?\b\s*/i,
  /^(i (want|need|would like|'d like) (you )?to|i'm wondering|i was wondering|help me( to)?)\b\s*/i,
  /^(tell me|let me know)\b\s*/i,
];

export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export function titleFromFirstMessage(message: string, attachmentNames: string[]): string {
  let line = message.replace(/\s+/g, ' ').trim();
  // The web client sends SPEC's sentence itself for a message of files only.
  if (line === attachmentsOnlyMessage(attachmentNames.length)) line = '';
  const typed = line;
  for (let changed = true; changed; ) {
    changed = false;
    for (const filler of FILLER) {
      const next = line.replace(filler, '');
      if (next !== line && next.trim() !== '') {
        line = next.trim();
        changed = true;
      }
    }
  }
  // Little left but a name ("Hello there, Genie"): the greeting is what the message says.
  if (line !== typed && line.split(' ').length < 2) line = typed;
  // The user's own words as typed; capitalised only where a filler opening was taken off.
  if (line !== typed) line = line.replace(/[?!.]+$/, '').trim().replace(/^./, (c) => c.toUpperCase());
  if (line !== '') return cutAtWord(line, TITLE_MAX_CHARS);
  const [first, ...rest] = attachmentNames;
  if (!first) return 'New conversation';
  const more = rest.length > 0 ? ` and ${rest.length} more file${rest.length === 1 ? '' : 's'}` : '';
  return cutAtWord(`${first}${more}`, TITLE_MAX_CHARS);
}
