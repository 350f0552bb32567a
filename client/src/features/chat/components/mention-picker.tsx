import { FileText, Folder, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { Mention } from '../lib/mention';
import { useChatTexts } from '../texts';

export const MENTION_LISTBOX_ID = 'mention-listbox';
export const mentionOptionId = (index: number) => `mention-option-${index}`;

interface MentionListboxProps {
  query: string;
  candidates: readonly Mention[];
  loading: boolean;
  activeIndex: number;
  onPick(mention: Mention): void;
  onHover(index: number): void;
}

/**
 * The files and folders matching the "@name" being typed, above the message box. Focus stays in
 * the message box (which points at the active option with aria-activedescendant); arrows move,
 * Enter or Tab picks, Escape closes.
 */
export function MentionListbox({ query, candidates, loading, activeIndex, onPick, onHover }: MentionListboxProps) {
  const { t } = useChatTexts();
  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10 sm:right-auto sm:w-96">
      <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-500">
        {query ? t('mention.searchNamed', { query }) : t('mention.search')}
      </p>
      <ul id={MENTION_LISTBOX_ID} role="listbox" aria-label={t('mention.listLabel')} className="max-h-64 overflow-y-auto p-1">
        {candidates.map((mention, index) => {
          const Icon = mention.kind === 'folder' ? Folder : FileText;
          return (
            <li
              key={`${mention.kind}-${mention.id}`}
              id={mentionOptionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps focus (and the caret) in the message box.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(mention)}
              className={cn('flex cursor-pointer items-center gap-2 rounded-xl px-2.5 py-2 text-sm text-slate-700', index === activeIndex && 'bg-genie-50 text-slate-900')}
            >
              <Icon aria-hidden className={cn('h-4 w-4 shrink-0', mention.kind === 'folder' ? 'text-genie-600' : 'text-slate-400')} />
              <span data-mention-name className="min-w-0 flex-1 truncate">
                {mention.name}
              </span>
              <span className="shrink-0 text-xs text-slate-400">
                {mention.kind === 'folder' ? t('mention.folder') : mention.searchable ? t('mention.file') : t('mention.notSearchable')}
                {mention.scope === 'team' ? ` · ${t('mention.team')}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
      {candidates.length === 0 && (
        <p role="status" className="px-3 pb-3 pt-1 text-sm text-slate-500">
          {loading ? t('mention.looking') : query ? t('mention.noMatch', { query }) : t('mention.noFiles')}
        </p>
      )}
    </div>
  );
}

/** The files and folders the answer is searched in, each removable. */
export function MentionChips({ mentions, onRemove }: { mentions: readonly Mention[]; onRemove(mention: Mention): void }) {
  const { t } = useChatTexts();
  return (
    <ul aria-label={t('mention.chipsLabel')} className="flex flex-wrap gap-1.5">
      {mentions.map((mention) => {
        const Icon = mention.kind === 'folder' ? Folder : FileText;
        return (
          <li
            key={`${mention.kind}-${mention.id}`}
            data-testid="mention-chip"
            className="inline-flex max-w-full items-center gap-1 rounded-lg border border-genie-200 bg-genie-50 py-0.5 pl-2 pr-0.5 text-xs text-genie-800"
          >
            <Icon aria-hidden className="h-3.5 w-3.5 shrink-0" />
            <span className="truncate">
              {mention.name}
              {mention.scope === 'team' ? <span className="text-genie-600"> · {t('mention.team')}</span> : null}
            </span>
            <button
              type="button"
              aria-label={t('mention.stopSearching', { name: mention.name })}
              onClick={() => onRemove(mention)}
              className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-md text-genie-700 hover:bg-genie-100"
            >
              <X aria-hidden className="h-3.5 w-3.5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
