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
  /** The tools the model asked to call instead of (or after) answering (issue 40); absent when none. */
  toolCalls?: ModelToolCall[];
}

/** A tool a model is offered: OpenAI's function shape. */
export interface ModelTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/**
 * Calls in one reply, and the characters of one call's name and arguments, Genie reads at most
 * from any provider (chat-completions.ts, sdk-tools.ts): past them the reply is unreadable.
 */
export const MAX_TOOL_CALLS = 16;
export const MAX_TOOL_ARGUMENT_CHARS = 64 * 1024;
export const MAX_TOOL_NAME_CHARS = 256;

/** One call a model asked for; `arguments` is the JSON text it wrote. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A round of tool use after the user's turn: the calls the model made and each one's result. */
export interface ToolRound {
  /** Text the model wrote before its calls. */
  text: string;
  calls: ModelToolCall[];
  /** The result the model reads for each call, by the call's id. */
  results: Record<string, string>;
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
  /** Tools the model may call (issue 40; catalogue.ts's TOOL_PROVIDERS are offered them). */
  tools?: ModelTool[];
  /** Earlier rounds of tool use in this reply, sent after the user's turn. */
  toolRounds?: ToolRound[];
  /**
   * The user the call is for: a model Genie runs itself shares its queue between accounts by it
   * (local/generation-queue.ts); a provider reached over HTTP is not told.
   */
  account?: string;
  signal: AbortSignal;
  /** Called on every event from the provider, text or not: the caller's idle timer. */
  onActivity: () => void;
}
