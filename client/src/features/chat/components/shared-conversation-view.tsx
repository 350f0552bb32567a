import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Copy, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { copySharedConversation, sharedConversationQueryOptions } from '../api/projects';
import { MarkdownContent } from './markdown-content';
import { pageLanguage, useChatTexts } from '../texts';

/**
 * Issue 42: a conversation a teammate shared, read-only (/chat?shared=<id>). "Continue in my
 * chats" copies it into a conversation of the reader's own. Anyone outside the team gets 404.
 */
export function SharedConversationView({ id, onBack, onContinued }: { id: string; onBack(): void; onContinued(conversationId: string): void }) {
  const { t } = useChatTexts();
  const shared = useQuery(sharedConversationQueryOptions(id));
  const [copying, setCopying] = useState(false);

  async function continueInMine() {
    setCopying(true);
    try {
      const copy = await copySharedConversation(id);
      onContinued(copy.id);
    } catch {
      toast({ title: t('common:error'), description: t('shared.copyFailed'), variant: 'destructive' });
    } finally {
      setCopying(false);
    }
  }

  return (
    <section aria-labelledby="shared-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-6 sm:px-6">
      <button type="button" onClick={onBack} className="inline-flex items-center gap-1 self-start rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('shared.back')}
      </button>
      {shared.isPending && <p className="text-sm text-slate-500">{t('shared.loading')}</p>}
      {shared.isError && (
        <p role="alert" className="text-sm text-slate-700">
          {t('shared.notShared')}
        </p>
      )}
      {shared.data && (
        <>
          <header className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Users aria-hidden="true" className="h-5 w-5 text-sky-600" />
            <div className="min-w-0 flex-1">
              <h1 id="shared-title" className="truncate text-lg font-semibold text-slate-900">
                {shared.data.conversation.title}
              </h1>
              <p className="text-xs text-slate-500">
                {shared.data.conversation.shared
                  ? t('shared.byOn', { owner: shared.data.owner, date: new Date(shared.data.conversation.shared.at).toLocaleString(pageLanguage()) })
                  : t('shared.by', { owner: shared.data.owner })}
                {` · ${t('shared.readOnly')}`}
              </p>
            </div>
            <button
              type="button"
              onClick={() => void continueInMine()}
              disabled={copying}
              className="inline-flex items-center gap-1 rounded-lg bg-genie-600 px-3 py-2 text-sm font-semibold text-white hover:bg-genie-700 disabled:opacity-60"
            >
              <Copy aria-hidden="true" className="h-4 w-4" /> {t('shared.continue')}
            </button>
          </header>
          <ol className="flex flex-col gap-3">
            {shared.data.messages.map((m) => (
              <li key={m.id} className={m.role === 'user' ? 'self-end rounded-2xl bg-genie-600 px-4 py-2 text-white' : 'rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200'}>
                <p className="sr-only">{m.role === 'user' ? t('shared.wrote', { owner: shared.data.owner }) : t('shared.reply')}</p>
                {m.role === 'user' ? <p className="whitespace-pre-wrap">{m.content}</p> : <MarkdownContent text={m.content} />}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
