import type { ChatTurn, UserPart } from './model-call';

/**
 * Fitting a prompt into a model's context, with no tokenizer. A token is estimated as 3 bytes of
 * UTF-8: English runs about 4 characters a token, so this over-counts it (safe), and a CJK
 * character (3 bytes, about one token) comes out right. Each message adds a few tokens of chat
 * template; an image is counted at a flat size. The oldest history goes first; the system prompt
 * and the user's own message are never cut: when they alone do not fit, the message is too long.
 */

export const BYTES_PER_TOKEN = 3;
/** The longest reply asked for (max_tokens). A longer one ends cut off, and the user can continue it. */
export const MAX_REPLY_TOKENS = 4_096;
const MESSAGE_OVERHEAD_TOKENS = 4;
/** A vision model's cost of one image, roughly (OpenAI counts 85–1,105 tokens for one at high detail). */
const IMAGE_TOKENS = 1_500;

export const estimateTokens = (text: string) => Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);

export const turnTokens = (text: string) => estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS;

export const userTokens = (parts: UserPart[]) =>
  parts.reduce((sum, part) => sum + (part.type === 'text' ? estimateTokens(part.text) : IMAGE_TOKENS), MESSAGE_OVERHEAD_TOKENS);

/** Room always kept for the reply: a quarter of the context, at most MAX_REPLY_TOKENS. */
export const replyReserve = (contextTokens: number) => Math.min(MAX_REPLY_TOKENS, Math.floor(contextTokens / 4));

export type FittedPrompt =
  | {
      fits: true;
      history: ChatTurn[];
      /** Earlier messages left out to make room. */
      omitted: number;
      /** What is left of the context after the prompt, up to MAX_REPLY_TOKENS. */
      maxOutputTokens: number;
    }
  | {
      fits: false;
      /** The user's message (with its attachments), estimated. */
      messageTokens: number;
      /** What a message may take with the system prompt and the reply's room kept. */
      availableTokens: number;
    };

export function fitPrompt(input: { contextTokens: number; system: string; history: ChatTurn[]; user: UserPart[] }): FittedPrompt {
  const { contextTokens, history } = input;
  const budget = contextTokens - replyReserve(contextTokens);
  const fixed = turnTokens(input.system);
  const messageTokens = userTokens(input.user);
  if (fixed + messageTokens > budget) return { fits: false, messageTokens, availableTokens: Math.max(0, budget - fixed) };

  let used = fixed + messageTokens;
  let first = history.length;
  while (first > 0 && used + turnTokens(history[first - 1]!.content) <= budget) {
    first -= 1;
    used += turnTokens(history[first]!.content);
  }
  // Cut, the kept history starts with a question, not with an answer to one that was left out:
  // some chat templates (Mistral's, Gemma's) refuse roles that do not alternate from a user turn.
  if (first > 0 && history[first]?.role === 'assistant') {
    used -= turnTokens(history[first]!.content);
    first += 1;
  }
  return { fits: true, history: history.slice(first), omitted: first, maxOutputTokens: Math.min(MAX_REPLY_TOKENS, contextTokens - used) };
}

/**
 * Context sizes that providers reported when they refused a prompt as too long (llama.cpp's n_ctx),
 * per model, for the life of the process: the next prompt for that model is fitted to it at once.
 */
export class ReportedContextSizes {
  private readonly byModel = new Map<string, number>();

  /** The context size to fit a prompt to: the configured one, or less when the provider said so. */
  sizeFor(model: string, configured: number): number {
    return Math.min(configured, this.byModel.get(model) ?? Infinity);
  }

  remember(model: string, tokens: number): void {
    this.byModel.set(model, tokens);
  }
}
