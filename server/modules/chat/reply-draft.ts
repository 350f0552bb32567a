import type { ChatReply } from '@contract/chat';
import type { ToolApprovalEvent, ToolCall } from '@contract/mcp-tools';
import type { StreamUsage } from '../../adapters/llm/model-call';
import type { ImageOutcome } from './chat-images';

/** Receives the reply as it is produced; the route writes each delta to the client at once. */
export interface ReplySink {
  delta(text: string): void;
  /**
   * A streaming client gets the finished reply here, once it is stored (the route sends `done`
   * and ends the response). Without it the reply is stored, then returned.
   */
  done?(reply: ChatReply): void;
  /**
   * A tool call waits for the user's Allow or Deny (issue 40). Only a sink that can ask (the
   * browser's stream) has it; without it a tool that needs approval does not run.
   */
  toolApproval?(event: ToolApprovalEvent): void;
  /** A tool call ran, or did not (issue 40). */
  toolCall?(call: ToolCall): void;
  /** Where a long task stands ("Reading part 2 of 7…"): a streaming client shows it until the text comes. */
  progress?(text: string): void;
}

/** The reply so far. When the reply fails, the rollback reads how far it got. */
export class ReplyDraft {
  content = '';
  /** True once any text reached the client. */
  emitted = false;
  usage: StreamUsage = { tokensIn: 0, tokensOut: 0 };
  /** True once a model provider was asked (a refusal before that is ours alone). */
  providerAsked = false;
  /** The tool calls made so far (issue 40), kept with the reply. */
  toolCalls: ToolCall[] = [];

  constructor(
    readonly sink: ReplySink,
    /** The image being generated alongside the text, when one was asked for. */
    readonly image: Promise<ImageOutcome> | null,
  ) {}

  progress(text: string) {
    this.sink.progress?.(text);
  }

  emit(piece: string) {
    this.content += piece;
    this.emitted = true;
    this.sink.delta(piece);
  }

  /** Something other than text reached the client (a tool event): the stream has begun. */
  markShown() {
    this.emitted = true;
  }

  addToolCall(call: ToolCall) {
    this.toolCalls.push(call);
    this.emitted = this.emitted || Boolean(this.sink.toolCall);
  }
}
