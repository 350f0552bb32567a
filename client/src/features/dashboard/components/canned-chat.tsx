import { Send } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { CannedMessage } from '../hooks/use-canned-chat';
import { useDashboardTexts } from '../texts';

interface CannedChatProps {
  messages: CannedMessage[];
  replying: boolean;
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: (text: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}

/** The dashboard's local assistant panel: a message list and a one-line composer. */
export function CannedChat({ messages, replying, draft, onDraftChange, onSend, inputRef }: CannedChatProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const { t } = useDashboardTexts();
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, replying]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    onSend(draft);
    onDraftChange('');
  }

  return (
    <section aria-labelledby="assistant-title" className="flex h-[30rem] flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-4">
        <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-full bg-gradient-to-br from-genie-500 to-indigo-600 text-lg">
          🧞
        </span>
        <div>
          <h2 id="assistant-title" className="text-base font-semibold text-slate-900">
            {t('assistant.title')}
          </h2>
          <p className="text-xs text-slate-500">{t('assistant.description')}</p>
        </div>
      </div>
      <ol ref={listRef} aria-label={t('assistant.messages')} aria-live="polite" className="flex-1 space-y-3 overflow-y-auto px-5 py-4">
        {messages.map((message) => (
          <li key={message.id} className={cn('flex', message.role === 'user' ? 'justify-end' : 'justify-start')} data-role={message.role}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm',
                message.role === 'user' ? 'rounded-br-md bg-genie-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-800',
              )}
            >
              <span className="sr-only">{message.role === 'user' ? t('assistant.you') : t('assistant.genie')}</span>
              <p>{message.role === 'user' ? message.text : t(`assistant.${message.reply}`)}</p>
              {message.role === 'assistant' && message.options && (
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {message.options.map((option) => (
                    <li key={option}>{t(`assistant.options.${option}`)}</li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
        {replying && (
          <li className="flex items-center gap-1.5 px-1 text-xs text-slate-500" aria-label={t('assistant.typing')}>
            <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-genie-400" />
            <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-genie-400 [animation-delay:150ms]" />
            <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-genie-400 [animation-delay:300ms]" />
          </li>
        )}
      </ol>
      <form onSubmit={onSubmit} className="flex gap-2 border-t border-slate-200 p-3">
        <label htmlFor="assistant-input" className="sr-only">
          {t('assistant.inputLabel')}
        </label>
        <input
          id="assistant-input"
          ref={inputRef}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          placeholder={t('assistant.placeholder')}
          autoComplete="off"
          className="h-10 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-400 focus-visible:border-genie-500"
        />
        <Button type="submit" size="icon" aria-label={t('assistant.send')} disabled={!draft.trim()}>
          <Send aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
