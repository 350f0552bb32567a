import type { Attachment } from '@contract/chat';
import type { SearchScope } from '@contract/search';
import type { SendInput } from '../hooks/exchange-context';
import { canSendMessage } from './can-send';
import { knowledgeOf, type Mention } from './mention';

/** What the composer holds when Send is pressed. */
export interface ComposerDraft {
  sending: boolean;
  text: string;
  attachments: readonly Attachment[];
  generateImage: boolean;
  searchFiles: boolean;
  scope: SearchScope;
  mentions: readonly Mention[];
}

/** What Send sends, or null while it may not (a reply streaming, or nothing to send). */
export function composerInput(draft: ComposerDraft): SendInput | null {
  if (!canSendMessage(draft.sending, draft.text, draft.attachments.length)) return null;
  return {
    text: draft.text,
    attachments: [...draft.attachments],
    generateImage: draft.generateImage,
    knowledge: draft.searchFiles ? knowledgeOf(draft.scope, draft.mentions) : undefined,
  };
}

/** The keys of a message box key press that the send rules read. */
export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An input method is still composing a character: its Enter is no send. */
  isComposing: boolean;
}

/**
 * Enter sends, Shift+Enter is a new line; Up in an empty box edits the last message sent (when the
 * screen offers it). Null: the key is the box's own.
 */
export function composerKeyAction(key: ComposerKey, text: string, canEditLast: boolean): 'send' | 'edit-last' | null {
  const plain = !key.shiftKey && !key.altKey && !key.ctrlKey && !key.metaKey;
  if (key.key === 'ArrowUp' && plain && text === '' && canEditLast) return 'edit-last';
  if (key.key === 'Enter' && !key.shiftKey && !key.isComposing) return 'send';
  return null;
}
