import { chatRequestSchema, type ParsedChatRequest } from '@contract/chat';
import { openAiCompletionRequestSchema, type OpenAiCompletionRequest, type OpenAiMessage } from '@contract/openai';
import { PERSONA_IDS } from '@contract/personas';
import { badRequest, OpenAiRequestError } from './openai-errors';

/** The path of a zod issue as OpenAI names a parameter: `messages[2].content`. */
const paramOf = (path: PropertyKey[]) =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('') || null;

/** A message's text: a string, or its `text` parts joined; images and audio are refused, naming the part. */
function textOf(message: OpenAiMessage, index: number): string {
  if (typeof message.content === 'string') return message.content;
  if (!message.content) return '';
  return message.content
    .map((part, p) => {
      if (part.type !== 'text' || typeof part.text !== 'string') {
        throw badRequest(`Genie's API reads text only; messages[${index}].content[${p}] is of type "${part.type}".`, `messages[${index}].content[${p}].type`);
      }
      return part.text;
    })
    .join('\n');
}

/**
 * A Chat Completions body as the browser chat's request: the last message is the one answered,
 * earlier user and assistant messages are its history, and `model` picks the persona. System and
 * developer messages are left out: each persona's own prompt speaks for it (docs/decisions.md).
 */
export function chatRequestOf(raw: unknown): { request: OpenAiCompletionRequest; chat: ParsedChatRequest } {
  const parsed = openAiCompletionRequestSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = paramOf(issue.path);
    throw badRequest(param ? `${param}: ${issue.message}` : issue.message, param ?? 'body');
  }
  const request = parsed.data;
  if (!(PERSONA_IDS as readonly string[]).includes(request.model)) {
    throw new OpenAiRequestError(404, `The model "${request.model}" does not exist. Genie's models are its personas: ${PERSONA_IDS.join(', ')}.`, 'invalid_request_error', 'model', 'model_not_found');
  }
  const turns: { role: 'user' | 'assistant'; content: string; index: number }[] = [];
  request.messages.forEach((message, index) => {
    if (message.role === 'tool' || message.role === 'function') {
      throw badRequest(`Genie's API does not call tools; messages[${index}] has the role "${message.role}".`, `messages[${index}].role`);
    }
    if (message.role === 'user' || message.role === 'assistant') turns.push({ role: message.role, content: textOf(message, index), index });
  });
  const last = turns.at(-1);
  if (!last || last.role !== 'user') throw badRequest('The last message must be a user message: it is the one Genie answers.', 'messages');

  const chat = chatRequestSchema.safeParse({
    message: last.content,
    messages: turns.slice(0, -1).map(({ role, content }) => ({ role, content })),
    character: request.model,
    mode: request.mode,
    knowledge: request.knowledge,
  });
  if (!chat.success) {
    const issue = chat.error.issues[0]!;
    const [field, at] = issue.path;
    const param =
      field === 'message' ? `messages[${last.index}].content` : field === 'messages' && typeof at === 'number' ? `messages[${turns[at]!.index}].content` : (paramOf(issue.path) ?? 'messages');
    throw badRequest(`${param}: ${issue.message}`, param);
  }
  return { request, chat: chat.data };
}
