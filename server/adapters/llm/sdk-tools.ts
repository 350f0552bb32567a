import type { LanguageModel } from 'ai';
import { MAX_TOOL_ARGUMENT_CHARS, MAX_TOOL_CALLS, MAX_TOOL_NAME_CHARS, type ModelTool, type ModelToolCall, type ToolRound } from './model-call';
import { ProviderError, UNREADABLE_REPLY } from './provider-error';

/**
 * MCP tools on the ai SDK's providers (OpenAI, Anthropic, xAI; issue 40), at the provider level
 * (`doStream`, model-stream.ts): the tools go out as plain function tools with no `execute`, so
 * the SDK never runs one; the calls the model streams back are collected here and returned to
 * chat-reply.ts, whose round (chat-tools.ts) runs, asks about or refuses each exactly as it does
 * for a chat-completions server. Each provider turns these parts into its own wire format
 * (OpenAI's `tool_calls`, Anthropic's `tool_use` and `tool_result` blocks).
 */

// The provider interface's types, as `ai` exposes them (its @ai-sdk/provider is not Genie's own dependency).
type CallOptions = Parameters<Extract<LanguageModel, { specificationVersion: 'v3' }>['doStream']>[0];
type SdkFunctionTool = Extract<NonNullable<CallOptions['tools']>[number], { type: 'function' }>;
type SdkMessage = CallOptions['prompt'][number];
type SdkStreamPart = Awaited<ReturnType<Extract<LanguageModel, { specificationVersion: 'v3' }>['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** The tools as the SDK's function tools: name, description and the MCP server's JSON Schema. */
export const sdkToolsOf = (tools: ModelTool[]): SdkFunctionTool[] =>
  tools.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, inputSchema: tool.parameters }));

/**
 * The model's arguments as the object a provider sends back with the call (Anthropic's `tool_use`
 * input must be an object): arguments that were not a JSON object did not run (chat-tools.ts says
 * so in the result), and are echoed as `{}`.
 */
function inputOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Each earlier round as the SDK's prompt: the assistant's text and calls, then one tool message of their results. */
export function toolRoundMessages(rounds: ToolRound[]): SdkMessage[] {
  return rounds.flatMap((round): SdkMessage[] => [
    {
      role: 'assistant',
      content: [
        ...(round.text ? [{ type: 'text' as const, text: round.text }] : []),
        ...round.calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: inputOf(call.arguments) })),
      ],
    },
    {
      role: 'tool',
      content: round.calls.map((call) => ({
        type: 'tool-result' as const,
        toolCallId: call.id,
        toolName: call.name,
        output: { type: 'text' as const, value: round.results[call.id] ?? '' },
      })),
    },
  ]);
}

/**
 * Collects the tool calls of one streamed reply, within the same bounds as the chat-completions
 * reader: at most MAX_TOOL_CALLS calls, each name and its arguments bounded, counted while the
 * arguments stream (`tool-input-delta`) so a runaway call is cut off before the SDK has buffered
 * it all. A call the provider ran itself (`providerExecuted`) is not Genie's to run.
 */
export class ToolCallCollector {
  readonly #calls: ModelToolCall[] = [];
  readonly #streamed = new Map<string, number>();

  /** Reads one stream part; throws an unreadable-reply ProviderError past the bounds. */
  read(part: SdkStreamPart): void {
    if (part.type === 'tool-input-start') {
      if (part.providerExecuted) return;
      if (!this.#streamed.has(part.id) && this.#streamed.size >= MAX_TOOL_CALLS) throw unreadable();
      this.#streamed.set(part.id, 0);
    } else if (part.type === 'tool-input-delta') {
      const length = this.#streamed.get(part.id);
      if (length === undefined) return;
      this.#streamed.set(part.id, length + part.delta.length);
      if (length + part.delta.length > MAX_TOOL_ARGUMENT_CHARS) throw unreadable();
    } else if (part.type === 'tool-call') {
      if (part.providerExecuted) return;
      if (this.#calls.length >= MAX_TOOL_CALLS || part.input.length > MAX_TOOL_ARGUMENT_CHARS || part.toolName.length > MAX_TOOL_NAME_CHARS) throw unreadable();
      this.#calls.push({ id: part.toolCallId || `call_${this.#calls.length}`, name: part.toolName, arguments: part.input });
    }
  }

  /** The calls the model made, named; undefined when none. */
  get calls(): ModelToolCall[] | undefined {
    const named = this.#calls.filter((call) => call.name);
    return named.length > 0 ? named : undefined;
  }
}

const unreadable = () => new ProviderError('failed', UNREADABLE_REPLY);
