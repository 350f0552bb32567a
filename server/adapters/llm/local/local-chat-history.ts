import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from 'node-llama-cpp';
import type { ModelTool } from '../model-call';
import type { ProviderModel } from '../model-stream';

/**
 * The `ai` SDK's prompt (model-stream.ts builds it for every provider, sdk-tools.ts adds the tool
 * rounds) as node-llama-cpp's chat history, and the SDK's function tools as Genie's tools.
 *
 * node-llama-cpp keeps a model's calls and their results inside the model's own turn (a
 * `functionCall` item holds its name, parameters and result), and a reply after its calls goes on
 * in that same turn. So the rounds of one reply (an assistant message with its calls, then a tool
 * message with their results, again for each round) become one model turn, each call given its
 * result by the call's id.
 */

type CallOptions = Parameters<ProviderModel['doStream']>[0];
type SdkMessage = CallOptions['prompt'][number];
type ToolResultOutput = Extract<Extract<SdkMessage, { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];

const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');

/** What the model reads as a call's result: text as it is, anything else as its JSON. */
function resultOf(output: ToolResultOutput): unknown {
  switch (output.type) {
    case 'text':
    case 'error-text':
    case 'json':
    case 'error-json':
      return output.value;
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : '')).join('');
    default:
      return '';
  }
}

/** The SDK's prompt as llama.cpp chat history. Local models get images named in text (chat-reply.ts), so only text is kept. */
export function toChatHistory(prompt: CallOptions['prompt']): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  /** The calls of the current reply's rounds, by id, waiting for their results. */
  const calls = new Map<string, ChatModelFunctionCall>();
  /** The model turn the current reply's rounds are written into; null outside a reply's rounds. */
  let rounds: ChatModelResponse | null = null;
  for (const message of prompt) {
    if (message.role === 'system') history.push({ type: 'system', text: message.content });
    else if (message.role === 'user') {
      rounds = null;
      history.push({ type: 'user', text: textOf(message.content) });
    } else if (message.role === 'assistant') {
      const text = textOf(message.content);
      const made = message.content.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
      const turn: ChatModelResponse = rounds ?? { type: 'model', response: [] };
      if (text) turn.response.push(text);
      for (const part of made) {
        const call: ChatModelFunctionCall = { type: 'functionCall', name: part.toolName, params: part.input, result: '' };
        calls.set(part.toolCallId, call);
        turn.response.push(call);
      }
      if (turn !== rounds) history.push(turn);
      // Later rounds of this reply go on in this turn; a turn with no calls ends it.
      rounds = made.length > 0 ? turn : null;
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        const call = part.type === 'tool-result' ? calls.get(part.toolCallId) : undefined;
        if (call && part.type === 'tool-result') call.result = resultOf(part.output);
      }
    }
  }
  return history;
}

/** How many calls the prompt's earlier rounds hold: the next call's id follows on (`call_<n>`). */
export const callsIn = (prompt: CallOptions['prompt']): number =>
  prompt.reduce((sum, message) => sum + (message.role === 'assistant' ? message.content.filter((part) => part.type === 'tool-call').length : 0), 0);

/** The SDK's function tools (sdk-tools.ts made them from Genie's) as Genie's tools again. */
export const toolsOf = (tools: CallOptions['tools']): ModelTool[] =>
  (tools ?? []).flatMap((tool) =>
    tool.type === 'function' ? [{ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema as Record<string, unknown> }] : [],
  );
