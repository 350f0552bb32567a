import { attachmentAsPromptText } from '../../adapters/llm/attachment-text';
import { BYTES_PER_TOKEN, estimateTokens, replyReserve, turnTokens, userTokens } from '../../adapters/llm/context-budget';
import type { ChatTurn, UserPart } from '../../adapters/llm/model-call';
import type { KnowledgePassage } from '../search/search.service';
import { passagesOfText } from './attachment-passages';
import type { ResolvedAttachment } from './chat-attachments';
import { KNOWLEDGE_RULES, PASSAGES_PER_LONG_ATTACHMENT, passageBlock, type GatheredKnowledge } from './chat-knowledge';
import { trimToSentences } from './passage-ranking';

/**
 * Fitting what a message carries to the model's window (issue 39). One budget decides it: the
 * context, less the reply's share, the system prompt and the typed message (with its images),
 * less a share kept for the latest history. What is left takes the attachments that fit whole, in
 * order; an attachment that does not is read by its passages instead. The passages ("Search my
 * files" and long attachments, taken in turn from each source, best first) fill the rest, each
 * trimmed to whole sentences when it does not fit, the first ones sharing the room so one long
 * passage cannot crowd out the others. Only the typed message is never cut: when it alone does not
 * fit, the message is too long (413).
 */

/** A passage smaller than this (with its heading line) is not worth sending. */
const MIN_PASSAGE_TOKENS = 40;
/** The first passages share the room equally, this many at most. */
const SHARED_PASSAGES = 3;
/** Tokens kept for the blank lines that join the parts and the passages' heading line. */
const JOIN_SLACK_TOKENS = 16;

export interface WindowRequest {
  contextTokens: number;
  /** The persona's system prompt (the knowledge rules are added when passages are sent). */
  system: string;
  history: ChatTurn[];
  /** What passages are ranked and trimmed against: the typed message. */
  question: string;
  /** The message as stored (the typed text, or the attachments-only sentence). */
  text: string;
  attachments: ResolvedAttachment[];
  knowledge: GatheredKnowledge | null;
  /** Whether the model takes images as images. */
  vision: boolean;
}

export type WindowFit =
  | { fits: false; messageTokens: number; availableTokens: number }
  | {
      fits: true;
      system: string;
      user: UserPart[];
      /** The passages sent, numbered as the reply cites them; null when none could be. */
      passages: KnowledgePassage[] | null;
      /** Said at the end of the reply: what was left out to fit the window. */
      notes: string[];
    };

export function fitToWindow(request: WindowRequest): WindowFit {
  const { contextTokens, history, question, attachments, knowledge, vision } = request;
  const textAttachments = attachments.filter((a) => a.extracted.text !== '' && !(vision && a.imageBytes));
  const mayCite = knowledge !== null || textAttachments.length > 0;
  const systemWithRules = mayCite ? `${request.system}\n\n${KNOWLEDGE_RULES}` : request.system;

  // What is never cut: the typed message, images, and the one-line notes of files without text.
  const fixed: UserPart[] = [{ type: 'text', text: request.text }];
  const partOf = new Map<ResolvedAttachment, UserPart[]>();
  for (const a of attachments) {
    if (vision && a.imageBytes) partOf.set(a, [{ type: 'text', text: `Attached image "${a.stored.name}":` }, { type: 'image', data: a.imageBytes, mediaType: a.stored.type }]);
    else if (a.extracted.text === '') partOf.set(a, [{ type: 'text', text: attachmentAsPromptText(a.extracted) }]);
  }
  const fixedTokens = userTokens([...fixed, ...[...partOf.values()].flat()]);
  const room = contextTokens - replyReserve(contextTokens) - turnTokens(systemWithRules) - fixedTokens;
  if (room < 0) {
    return { fits: false, messageTokens: fixedTokens, availableTokens: Math.max(0, contextTokens - replyReserve(contextTokens) - turnTokens(systemWithRules)) };
  }
  const historyTokens = history.reduce((sum, turn) => sum + turnTokens(turn.content), 0);
  let left = room - Math.min(historyTokens, Math.floor(room / 4)) - JOIN_SLACK_TOKENS;

  // Attachments whole where they fit, in order; the others by their passages.
  const sources: KnowledgePassage[][] = [knowledge?.library ?? []];
  const readInPart: string[] = [];
  for (const a of textAttachments) {
    const whole = attachmentAsPromptText(a.extracted);
    const cost = estimateTokens(whole) + 1;
    if (!a.extracted.truncated && cost <= left) {
      partOf.set(a, [{ type: 'text', text: whole }]);
      left -= cost;
      continue;
    }
    const header = readByPassagesLine(a);
    partOf.set(a, [{ type: 'text', text: header }]);
    left -= estimateTokens(header) + 1;
    const index = attachments.indexOf(a);
    sources.push(knowledge?.attachments[index] ?? passagesOfText(a, question, PASSAGES_PER_LONG_ATTACHMENT));
    readInPart.push(a.stored.name);
  }

  const candidates = inTurn(sources);
  const sent: KnowledgePassage[] = [];
  const share = Math.max(MIN_PASSAGE_TOKENS, Math.floor(left / Math.max(1, Math.min(candidates.length, SHARED_PASSAGES))));
  for (const candidate of candidates) {
    if (left < MIN_PASSAGE_TOKENS) break;
    const passage = fitPassage({ ...candidate, n: sent.length + 1 }, question, Math.min(share, left));
    if (!passage) continue;
    sent.push(passage);
    left -= estimateTokens(passageBlock(passage)) + 1;
  }

  const notes: string[] = [];
  if (sent.length < candidates.length) notes.push(`Drew on ${sent.length} of the ${candidates.length} passages found: the model's window is small.`);
  for (const name of readInPart) notes.push(`Read the parts of "${name}" that bear most on the question: the whole file does not fit the model's window.`);

  const anyPassages = knowledge?.library != null || readInPart.length > 0;
  const parts: UserPart[] = [...fixed, ...attachments.flatMap((a) => partOf.get(a) ?? [])];
  if (anyPassages) parts.push({ type: 'text', text: passagesText(sent, candidates.length) });
  return {
    fits: true,
    system: anyPassages ? systemWithRules : request.system,
    user: joinText(parts),
    passages: anyPassages ? sent : null,
    notes,
  };
}

/**
 * Before anything is read or stored: the tokens the window leaves for what a message carries
 * (attachments, passages) once the system prompt, the typed message and the reply's share are
 * kept; not fits when the typed message alone is too long.
 */
export function roomForMaterial(contextTokens: number, system: string, text: string): { fits: false; messageTokens: number; availableTokens: number } | { fits: true; roomTokens: number } {
  const available = contextTokens - replyReserve(contextTokens) - turnTokens(`${system}\n\n${KNOWLEDGE_RULES}`);
  const messageTokens = userTokens([{ type: 'text', text }]);
  if (messageTokens > available) return { fits: false, messageTokens, availableTokens: Math.max(0, available) };
  return { fits: true, roomTokens: available - messageTokens };
}

/** How an attachment read by its passages appears in the message. */
function readByPassagesLine(a: ResolvedAttachment): string {
  const e = a.extracted;
  return `Attached file "${e.name}" (${e.mimeType}, ${e.size} bytes${e.pages ? `, ${e.pages} pages` : ''}): too long to include whole; its passages that bear most on the question are below, numbered and cited by page.`;
}

/** The sources' passages taken in turn (the best of each, then the second of each…), each once. */
function inTurn(sources: KnowledgePassage[][]): KnowledgePassage[] {
  const out: KnowledgePassage[] = [];
  const longest = Math.max(0, ...sources.map((s) => s.length));
  for (let i = 0; i < longest; i++) {
    for (const source of sources) {
      const p = source[i];
      if (p && !out.some((o) => o.fileId === p.fileId && o.body === p.body)) out.push(p);
    }
  }
  return out;
}

/** The passage whole when it fits `maxTokens`, else trimmed to whole sentences; null when not one sentence fits. */
function fitPassage(passage: KnowledgePassage, question: string, maxTokens: number): KnowledgePassage | null {
  if (estimateTokens(passageBlock(passage)) + 1 <= maxTokens) return passage;
  const headTokens = estimateTokens(passageBlock({ ...passage, body: '' })) + 1;
  // Characters from tokens; a text of many-byte characters is tried again shorter.
  let maxChars = (maxTokens - headTokens) * BYTES_PER_TOKEN;
  for (let attempt = 0; attempt < 4 && maxChars > 0; attempt++) {
    const body = trimToSentences(passage.body, question, maxChars);
    if (body === '') return null;
    const trimmed = { ...passage, body };
    const tokens = estimateTokens(passageBlock(trimmed)) + 1;
    if (tokens <= maxTokens) return trimmed;
    maxChars = Math.floor((maxChars * maxTokens) / tokens) - 1;
  }
  return null;
}

function passagesText(sent: KnowledgePassage[], found: number): string {
  if (sent.length === 0 && found > 0) return "Passages from the user's files: none fits in what the model can read at once.";
  if (sent.length === 0) return "Passages from the user's files: none matched this question.";
  return `Passages from the user's files:\n\n${sent.map(passageBlock).join('\n\n')}`;
}

/** One text part when there is no image: some compatible servers accept only string content. */
function joinText(parts: UserPart[]): UserPart[] {
  if (parts.every((p) => p.type === 'text')) return [{ type: 'text', text: parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n') }];
  return parts;
}
