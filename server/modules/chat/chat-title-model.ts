import type { ModelChoice } from '../../adapters/llm/catalogue';
import { streamModel } from '../../adapters/llm/model-stream';
import { languageModelFor } from '../../adapters/llm/providers';
import type { Config } from '../../config';
import { plainText } from '../../lib/plain-text';
import { cutAtWord, TITLE_MAX_CHARS } from './chat-title';

/**
 * A new conversation's title written by its persona's model: one short call after the first
 * reply has reached the user, so it never delays it. Any failure, a timeout or an empty answer
 * leaves the keyword title (chat-title.ts) in place; the caller stores the title only while the
 * conversation still has that keyword title (a rename made meanwhile wins).
 */

/** The title call gives up after this long without a token; a title is not worth a long wait. */
export const TITLE_IDLE_TIMEOUT_MS = 15_000;
/** Enough for a title of a few words in any tokenizer; more is cut off anyway. */
const TITLE_MAX_TOKENS = 24;
/** How much of the first exchange the model reads: the subject is in its opening. */
const EXCERPT_CHARS = 1_000;

const TITLE_INSTRUCTIONS =
  'You name conversations. Reply with a title of at most six words that says what the conversation below is about, ' +
  "in the language of the user's message. Reply with the title only: no quotes, no full stop, no preamble.";

export interface TitleExchange {
  /** The user the conversation is theirs: a local model's queue counts the call as theirs. */
  account: string;
  /** The user's first message as stored (or the attachments-only sentence and the files' names). */
  message: string;
  /** The reply it got. */
  reply: string;
}

/** The model's title for a first exchange, cleaned; null when it failed or said nothing usable. */
export async function modelTitle(config: Config, choice: ModelChoice, exchange: TitleExchange, signal: AbortSignal): Promise<string | null> {
  const system = `${TITLE_INSTRUCTIONS}\n\nThe assistant answered:\n${exchange.reply.slice(0, EXCERPT_CHARS)}`;
  let text = '';
  try {
    const stream = streamModel({
      model: await languageModelFor(config, choice),
      system,
      history: [],
      user: [{ type: 'text', text: exchange.message.slice(0, EXCERPT_CHARS) }],
      signal,
      idleTimeoutMs: Math.min(config.MODEL_TIMEOUT_MS, TITLE_IDLE_TIMEOUT_MS),
      maxOutputTokens: TITLE_MAX_TOKENS,
      account: exchange.account,
    });
    for (let next = await stream.next(); !next.done; next = await stream.next()) text += next.value;
  } catch {
    return null; // the keyword title stays
  }
  return cleanTitle(text);
}

/** The first line of what the model said, without quotes, Markdown, a "Title:" label or a full stop. */
export function cleanTitle(said: string): string | null {
  const line = said
    .replace(/<think>[\s\S]*?<\/think>/gi, '') // reasoning models' thoughts
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return null;
  // Plain text: the sidebar shows the title as written, so "**brapsky** (noun)" would keep its marks.
  const title = plainText(line.replace(/^#+\s*/, '').replace(/^\**\s*title\s*:\s*\**/i, ''))
    .replace(/^["'“‘*_`]+|["'”’*_`]+$/g, '')
    .replace(/[.。]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title === '' ? null : cutAtWord(title, TITLE_MAX_CHARS);
}
