/**
 * What one call to a model is made of and how it ends, as every way Genie streams from a model
 * reads it (model-stream.ts, chat-completions.ts).
 */

export interface StreamUsage {
  tokensIn: number;
  tokensOut: number;
}

/** How a stream ended: its usage, and whether the provider stopped it at its length limit. */
export interface StreamEnd extends StreamUsage {
  cutOff: boolean;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the user's turn is made of: text, and images for models that can see them. */
export type UserPart = { type: 'text'; text: string } | { type: 'image'; data: Uint8Array; mediaType: string };

/** One call to a model, as both kinds of model read it. */
export interface ModelCall {
  system: string;
  history: ChatTurn[];
  user: UserPart[];
  maxOutputTokens?: number;
  /**
   * The user the call is for: a model Genie runs itself shares its queue between accounts by it
   * (local/generation-queue.ts); a provider reached over HTTP is not told.
   */
  account?: string;
  signal: AbortSignal;
  /** Called on every event from the provider, text or not: the caller's idle timer. */
  onActivity: () => void;
}
