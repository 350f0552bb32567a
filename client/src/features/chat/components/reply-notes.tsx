import { Info, Scissors } from 'lucide-react';
import type { ChatMessage } from '../lib/chat-message';
import { useChatTexts } from '../texts';

interface ReplyNotesProps {
  message: ChatMessage;
  /** Given only to the newest reply when it was cut off: the model goes on, and this reply grows. */
  onContinue?(): void;
}

/**
 * What the user should know about how a reply came about: it was cut off at the model's length
 * limit (with Continue on the newest reply), or earlier messages were left out to fit the model.
 */
export function ReplyNotes({ message, onContinue }: ReplyNotesProps) {
  const { t } = useChatTexts();
  const cutOff = message.status === 'cut_off';
  const omitted = message.historyOmitted ?? 0;
  if (!cutOff && omitted === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-1.5 text-xs text-slate-600">
      {omitted > 0 && (
        <p className="flex items-start gap-1.5 px-1">
          <Info aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span>{t('notes.omitted', { count: omitted })}</span>
        </p>
      )}
      {cutOff && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
          <p className="flex min-w-0 flex-1 items-start gap-1.5">
            <Scissors aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
            <span>{t('notes.cutOff')}</span>
          </p>
          {onContinue && (
            <button
              type="button"
              onClick={onContinue}
              className="inline-flex h-9 items-center rounded-full bg-amber-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-amber-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
            >
              {t('notes.continue')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
