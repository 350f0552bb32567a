import { AlertCircle, GitBranchPlus, Pencil, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX_CHARS } from '@contract/chat';
import type { ChatMessage } from '../lib/chat-message';
import { VariantSwitcher } from './variant-switcher';
import { useChatTexts } from '../texts';

const smallButton = 'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900';

/** Up in an empty message box asks to edit a message; `seq` grows with each ask, so asking again reopens it. */
export interface EditRequest {
  messageId: string;
  seq: number;
}

interface UserMessageToolsProps {
  message: ChatMessage;
  /** Absent until the message is stored (its id known) or while a reply runs. */
  onEdit?(messageId: string, text: string): boolean;
  onShowVariant?(messageId: string): void;
  /** "Branch into a new chat" from this message (its server id); absent while a reply runs. */
  onBranchOut?(messageId: string): void;
  /** Only on the newest message when it has no reply (failed, or stopped before any text). */
  onRetry?(): void;
  /** A new number opens the edit box (Up in an empty message box). */
  editRequested?: number;
  /** The edit box that editRequested opened closed: the message box takes the focus back. */
  onEditClosed?(): void;
  /** Renders the bubble; while editing, the edit box replaces it. */
  children: React.ReactNode;
}

/** A sent message with its tools: Edit (inline, then resend as a branch), versions, and Retry under a failure. */
export function UserMessageTools({ message, onEdit, onShowVariant, onBranchOut, onRetry, editRequested, onEditClosed, children }: UserMessageToolsProps) {
  const { t } = useChatTexts();
  const [draft, setDraft] = useState<string | null>(null);
  const canEdit = Boolean(onEdit && message.serverId);
  const fromKeyboard = useRef(false);

  useEffect(() => {
    if (editRequested === undefined || !canEdit) return;
    fromKeyboard.current = true;
    setDraft(message.content);
    // Only a new request opens it; the message's text is read as it is then.
  }, [editRequested]);

  function close() {
    setDraft(null);
    if (fromKeyboard.current) onEditClosed?.();
    fromKeyboard.current = false;
  }
  function save() {
    if (draft === null || !onEdit) return;
    if (onEdit(message.id, draft)) close();
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  }

  return (
    <>
      {draft === null ? (
        children
      ) : (
        <div className="w-[32rem] max-w-full rounded-2xl border border-genie-300 bg-white p-2 shadow-sm">
          <label className="sr-only" htmlFor={`edit-${message.id}`}>
            {t('edit.label')}
          </label>
          <textarea
            id={`edit-${message.id}`}
            autoFocus
            value={draft}
            maxLength={CHAT_MESSAGE_MAX_CHARS}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            rows={3}
            className="block w-full resize-y bg-transparent px-2 py-1 text-[15px] leading-6 text-slate-900 outline-none"
          />
          <div className="flex justify-end gap-2 pt-1">
            <button type="button" onClick={close} className={smallButton}>
              {t('common:cancel')}
            </button>
            <button
              type="button"
              onClick={save}
              disabled={draft.trim() === ''}
              className="inline-flex h-8 items-center rounded-lg bg-genie-600 px-3 text-xs font-semibold text-white hover:bg-genie-700 disabled:opacity-50"
            >
              {t('edit.saveAndSend')}
            </button>
          </div>
        </div>
      )}
      {onRetry && (
        <div role="status" className="flex flex-wrap items-center justify-end gap-2 rounded-xl border border-rose-200 bg-rose-50 px-3 py-1.5 text-xs text-rose-900">
          <AlertCircle aria-hidden="true" className="h-3.5 w-3.5" />
          <span>{message.status === 'failed' ? t('edit.noReplyFailed') : t('edit.noReplyYet')}</span>
          <button type="button" onClick={onRetry} className="inline-flex h-7 items-center gap-1 rounded-full bg-rose-700 px-3 font-semibold text-white hover:bg-rose-800">
            <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" /> {t('edit.retry')}
          </button>
        </div>
      )}
      {draft === null && (
        <div className="flex items-center gap-1">
          {message.variants && onShowVariant && <VariantSwitcher variants={message.variants} onFlip={onShowVariant} disabled={!onEdit} />}
          {canEdit && (
            <button type="button" aria-label={t('edit.edit')} onClick={() => setDraft(message.content)} className={smallButton}>
              <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          )}
          {onBranchOut && message.serverId && (
            <button
              type="button"
              aria-label={t('actions.branch')}
              title={t('actions.branch')}
              onClick={() => onBranchOut(message.serverId!)}
              className={smallButton}
            >
              <GitBranchPlus aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          )}
        </div>
      )}
    </>
  );
}
