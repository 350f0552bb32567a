/** Why a local reply or load failed: local-language-model.ts turns each into what every provider says. */

export class LocalPromptTooLongError extends Error {
  constructor(
    readonly promptTokens: number,
    readonly contextSize: number,
  ) {
    super(`the prompt is ${promptTokens} tokens and the local model's context holds ${contextSize}`);
  }
}

/** The model file could not be loaded (it stays failed until Genie restarts); `cause` says why. */
export class LocalModelLoadError extends Error {}

/** The model's process ended while it wrote a reply (the next reply starts a new one); the message says how. */
export class LocalModelExitError extends Error {}

/** The reply's function calls passed the bounds Genie reads from any provider (toolCallsWithinBounds). */
export class LocalToolCallsTooLargeError extends Error {
  constructor() {
    super("the local model's function calls passed the bounds of one reply");
  }
}
