import { CHAT_HISTORY_TO_MODEL, type Attachment, type ParsedChatRequest } from '@contract/chat';
import type { ChatTurn } from '../../adapters/llm/model-call';
import { AppError, notFound } from '../../lib/app-error';
import { branchTo, type TreeNode } from '../conversations/message-tree';

const HISTORY_FROM_STORE = 40;

export const turnsOf = (rows: { role: string; content: string }[]): ChatTurn[] => rows.map((m) => ({ role: m.role as ChatTurn['role'], content: m.content }));

/** A stored message as the exchange's start reads it from the conversation's tree. */
interface TreeRow extends TreeNode {
  role: string;
  content: string;
  status: string;
  attachments: Attachment[] | null;
}

/** Where in the conversation an exchange starts: what the model reads, and what it answers or grows. */
export interface BranchPoint {
  history: ChatTurn[];
  /** Where a new user message goes: after the active leaf, or (an edit) beside the message edited. */
  parent: 'active' | { id: string | null };
  /** Regenerate or retry: the stored user message answered again. */
  answered: { id: string; content: string; attachments: Attachment[] | null; status: string } | null;
  /** Regenerate of a message that already has a reply. */
  regenerated: boolean;
  /** Continue (issue 42): the cut-off reply that grows, as stored. */
  continued: { id: string; content: string; questionId: string } | null;
}

/**
 * The history and the message answered, from the stored tree when the request needs it (an edit,
 * a regenerate, a Continue, or a client that sent no history), else from the client's history.
 */
export function branchPointOf(body: ParsedChatRequest, tree: { rows: TreeRow[]; activeLeafId: string | null } | null): BranchPoint {
  const point: BranchPoint = { history: [], parent: 'active', answered: null, regenerated: false, continued: null };
  if (body.continueOf !== undefined && tree) {
    const reply = tree.rows.find((m) => m.id === body.continueOf && m.role === 'assistant');
    if (!reply) throw notFound('That message');
    if (reply.status !== 'cut_off') throw new AppError('invalid_input', 'Only a reply that was cut off can be continued.', 'continueOf');
    point.continued = { id: reply.id, content: reply.content, questionId: reply.parentId ?? '' };
    // The model reads the conversation up to and with its own cut-off reply, then CONTINUE_PROMPT.
    point.history = turnsOf(branchTo(tree.rows, reply.id).slice(-HISTORY_FROM_STORE));
  } else if (body.regenerate && tree) {
    const branch = branchTo(tree.rows, tree.activeLeafId);
    const at = branch.findLastIndex((m) => m.role === 'user');
    if (at === -1) throw new AppError('invalid_input', 'This conversation has no message to answer again.', 'regenerate');
    const target = branch[at]!;
    point.answered = { id: target.id, content: target.content, attachments: target.attachments, status: target.status };
    point.regenerated = tree.rows.some((m) => m.parentId === target.id && m.role === 'assistant');
    point.history = turnsOf(branch.slice(Math.max(0, at - HISTORY_FROM_STORE), at));
  } else if (body.editOf !== undefined && tree) {
    const edited = tree.rows.find((m) => m.id === body.editOf && m.role === 'user');
    if (!edited) throw notFound('That message');
    point.parent = { id: edited.parentId };
    point.history = turnsOf(edited.parentId ? branchTo(tree.rows, edited.parentId).slice(-HISTORY_FROM_STORE) : []);
  } else if (tree) {
    point.history = turnsOf(branchTo(tree.rows, tree.activeLeafId).slice(-HISTORY_FROM_STORE));
  } else {
    point.history = turnsOf(body.messages.slice(-CHAT_HISTORY_TO_MODEL));
  }
  return point;
}
