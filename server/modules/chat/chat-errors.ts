import type { AppError } from '../../lib/app-error';

/** Where a failed exchange's user message was kept (shown with Retry); absent when it was not kept. */
export interface KeptExchange {
  conversationId: string;
  userMessageId: string;
}

/** Thrown after some text already reached the client: the route sends an SSE `error` event. */
export class MidStreamError extends Error {
  constructor(
    readonly appError: AppError,
    readonly kept: KeptExchange | null = null,
  ) {
    super(appError.message);
  }
}

/** A failure before any text, whose user message was kept: the route adds where it is to the JSON error. */
export class KeptExchangeError extends Error {
  constructor(
    readonly appError: AppError,
    readonly kept: KeptExchange,
  ) {
    super(appError.message);
  }
}
