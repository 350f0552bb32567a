import { chatDeltaEventSchema, chatProgressEventSchema, chatErrorEventSchema, chatReplySchema, type ChatReply, type ChatRequest } from '@contract/chat';
import { errorStatus, type ErrorCode } from '@contract/errors';
import { toolApprovalEventSchema, toolCallSchema, type ToolApprovalEvent, type ToolCall } from '@contract/mcp-tools';
import { HttpError } from '@/lib/request';
import { readSse } from '../lib/sse';
import { chatText } from '../texts';

/** Why a send failed, as the screen needs to tell it apart (SPEC §8 plus DESIGN's 403/429). */
export type ChatFailureKind = 'premium_required' | 'refused' | 'limited' | 'too_long' | 'failed' | 'aborted';

/** Where the server kept the user's message of a failed send (it shows with Retry). */
export interface KeptMessage {
  conversationId: string;
  userMessageId: string;
}

export class ChatSendError extends Error {
  constructor(
    readonly kind: ChatFailureKind,
    message: string,
    readonly kept: KeptMessage | null = null,
  ) {
    super(message);
  }
}

function keptOf(payload: { conversationId?: unknown; userMessageId?: unknown } | null): KeptMessage | null {
  if (!payload || typeof payload.conversationId !== 'string' || typeof payload.userMessageId !== 'string') return null;
  return { conversationId: payload.conversationId, userMessageId: payload.userMessageId };
}

function jsonOrNull(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The status a stream's `error` event stands for: its code's own (DESIGN "Errors"), else 502. */
const statusOfCode = (code: string | undefined) => (code !== undefined && Object.hasOwn(errorStatus, code) ? errorStatus[code as ErrorCode] : 502);

function failureOf(status: number, code: string | undefined, sentence: string | undefined, kept: KeptMessage | null = null): ChatSendError {
  if (status === 403 && code === 'premium_required') return new ChatSendError('premium_required', sentence ?? chatText('failures.premium'));
  // The team's policy or budget (issue 43): its sentence names the rule and who can change it.
  if (status === 403 && code === 'forbidden' && sentence) return new ChatSendError('refused', sentence);
  if (status === 429) return new ChatSendError('limited', sentence ?? chatText('failures.tooMany'));
  // 413: the message is too long for the model; the server's sentence says by how much.
  if (status === 413) return new ChatSendError('too_long', sentence ?? chatText('failures.tooLongSentence'));
  return new ChatSendError('failed', sentence ?? `The server answered ${status}.`, kept);
}

/**
 * POST /api/chat with `Accept: text/event-stream`: calls `onDelta` with each piece of text as it
 * arrives and resolves with the `done` payload. Every failure becomes a ChatSendError.
 */
export async function streamChat(
  body: ChatRequest,
  options: {
    signal?: AbortSignal;
    onDelta(text: string): void;
    /** Where a long task stands ("Reading part 2 of 7…"). */
    onProgress?(text: string): void;
    /** A tool call waits for the user's Allow or Deny (issue 40). */
    onToolApproval?(event: ToolApprovalEvent): void;
    /** A tool call ran, or was not run (issue 40). */
    onToolCall?(call: ToolCall): void;
  },
): Promise<ChatReply> {
  let response: Response;
  try {
    response = await fetch('/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    throw options.signal?.aborted ? new ChatSendError('aborted', 'Stopped.') : new ChatSendError('failed', String(error));
  }
  if (!response.ok) {
    const error = new HttpError(response.status, await response.text().catch(() => ''), response.statusText);
    throw failureOf(response.status, error.code, error.serverMessage, keptOf(jsonOrNull(error.bodyText)));
  }
  if (!response.body) throw new ChatSendError('failed', 'The reply had no body.');
  // A server may answer JSON even when asked for a stream (e.g. a cached or offline answer).
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const reply = chatReplySchema.parse(await response.json());
    options.onDelta(reply.content);
    return reply;
  }
  try {
    for await (const message of readSse(response.body)) {
      const payload: unknown = JSON.parse(message.data);
      if (message.event === 'delta') options.onDelta(chatDeltaEventSchema.parse(payload).text);
      else if (message.event === 'tool_approval') options.onToolApproval?.(toolApprovalEventSchema.parse(payload));
      else if (message.event === 'tool_call') options.onToolCall?.(toolCallSchema.parse(payload));
      else if (message.event === 'progress') options.onProgress?.(chatProgressEventSchema.parse(payload).text);
      else if (message.event === 'done') return chatReplySchema.parse(payload);
      else if (message.event === 'error') {
        const { error, code, ...where } = chatErrorEventSchema.parse(payload);
        throw failureOf(statusOfCode(code), code, error, keptOf(where));
      }
    }
  } catch (error) {
    if (error instanceof ChatSendError) throw error;
    throw options.signal?.aborted ? new ChatSendError('aborted', 'Stopped.') : new ChatSendError('failed', String(error));
  }
  throw new ChatSendError('failed', 'The reply ended before it finished.');
}
