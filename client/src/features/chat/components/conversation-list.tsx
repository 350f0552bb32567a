import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileJson, FolderInput, FolderOutput, MessageSquare, MoreHorizontal, Pencil, Pin, PinOff, Plus, Search, Trash2, Users } from 'lucide-react';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { CONVERSATION_TITLE_MAX_CHARS, type ConversationSummary } from '@contract/conversations';
import { PERSONAS } from '@contract/personas';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';
import { useDeleteConversation } from '../api/delete-conversation';
import { conversationExportUrl } from '../api/export-conversation';
import { patchConversation } from '../api/conversation-controls';
import { projectsQueryOptions, setConversationShared, useProjects } from '../api/projects';
import { conversationsQueryOptions, searchConversationsQueryOptions, useConversations } from '../api/get-conversations';
import { relativeDay } from '../lib/relative-day';
import { pageLanguage, useChatTexts } from '../texts';

/** Waits for a pause in typing before searching. */
const SEARCH_DELAY_MS = 250;

/** A search hit's snippet: the matched words marked, every part rendered as text (never as HTML). */
function Snippet({ parts }: { parts: NonNullable<ConversationSummary['snippet']> }) {
  return (
    <span className="mt-0.5 line-clamp-2 block text-[11px] leading-snug text-white/60">
      {parts.map((part, i) =>
        part.highlight ? (
          <mark key={i} className="rounded-sm bg-amber-300/90 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}

interface ConversationListProps {
  activeId: string | null;
  onOpen(id: string): void;
  onNewChat(): void;
  /** Called after the open conversation was deleted. */
  onDeletedActive(): void;
}

/** Beyond SPEC: the user's past conversations, newest first (open, export as Markdown or JSON, delete). */
export const ConversationList = memo(function ConversationList({ activeId, onOpen, onNewChat, onDeletedActive }: ConversationListProps) {
  const { t } = useChatTexts();
  const conversations = useConversations();
  const remove = useDeleteConversation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const results = useQuery({ ...searchConversationsQueryOptions(term), enabled: term !== '' });
  const [renamingId, setRenamingId] = useState<string | null>(null);
  // The menu gives focus back to its trigger as it closes, which would end the rename at once.
  const keepFocusOnRename = useRef(false);
  const searching = term !== '';
  const items = searching ? (results.data?.conversations ?? []) : (conversations.data?.pages.flatMap((page) => page.conversations) ?? []);

  const projects = useProjects();

  async function update(conversation: ConversationSummary, patch: { title?: string; pinned?: boolean; projectId?: string | null }) {
    try {
      await patchConversation(conversation.id, patch);
      await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
      if (patch.projectId !== undefined) await queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
    } catch {
      toast({ title: t('common:error'), description: t('conversations.changeFailed'), variant: 'destructive' });
    }
  }

  function onRenameKey(event: KeyboardEvent<HTMLInputElement>, conversation: ConversationSummary) {
    if (event.key === 'Escape') {
      event.preventDefault();
      setRenamingId(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const title = event.currentTarget.value.trim();
      setRenamingId(null);
      if (title && title !== conversation.title) void update(conversation, { title });
    }
  }

  /** Issue 42: share read-only with the team (the link is copied), or stop sharing. */
  async function toggleShared(conversation: ConversationSummary) {
    try {
      await setConversationShared(conversation.id, conversation.shared === null);
      await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
      if (conversation.shared === null) {
        const link = `${window.location.origin}/chat?shared=${conversation.id}`;
        await navigator.clipboard?.writeText(link).catch(() => undefined);
        toast({ title: t('conversations.shared'), description: t('conversations.sharedLink', { link }) });
      } else toast({ title: t('conversations.unshared') });
    } catch {
      toast({ title: t('common:error'), description: t('conversations.shareFailed'), variant: 'destructive' });
    }
  }

  async function onDelete(conversation: ConversationSummary) {
    if (!window.confirm(t('conversations.confirmDelete', { title: conversation.title }))) return;
    try {
      await remove.mutateAsync(conversation.id);
      if (conversation.id === activeId) onDeletedActive();
      toast({ title: t('conversations.deleted') });
    } catch {
      toast({ title: t('common:error'), description: t('conversations.deleteFailed'), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="history-heading" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between px-3 pb-1">
        <h2 id="history-heading" className="text-[11px] font-semibold uppercase tracking-[0.16em] text-white/50">
          {t('conversations.heading')}
        </h2>
        <button type="button" onClick={onNewChat} className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-white/80 hover:bg-white/10">
          <Plus aria-hidden="true" className="h-3.5 w-3.5" /> {t('conversations.newChat')}
        </button>
      </div>
      <div className="relative mx-2 mb-1.5">
        <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-1/2 h-3.5 w-3.5 -translate-y-1/2 text-white/45" />
        <input
          type="search"
          data-conversation-search
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && search !== '' && (event.preventDefault(), setSearch(''))}
          placeholder={t('conversations.search')}
          aria-label={t('conversations.search')}
          maxLength={200}
          className="h-8 w-full rounded-lg border border-white/10 bg-white/10 pl-8 pr-2 [&::-webkit-search-cancel-button]:hidden text-xs text-white outline-none placeholder:text-white/60 focus:border-white/30 focus:bg-white/15"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2">
        {!searching && conversations.isPending && <p className="px-2 py-2 text-xs text-white/50">{t('conversations.loading')}</p>}
        {!searching && conversations.isError && <p className="px-2 py-2 text-xs text-white/50">{t('conversations.loadFailed')}</p>}
        {!searching && conversations.isSuccess && items.length === 0 && <p className="px-2 py-2 text-xs text-white/50">{t('conversations.empty')}</p>}
        {searching && results.isPending && <p className="px-2 py-2 text-xs text-white/50">{t('conversations.searching')}</p>}
        {searching && results.isError && <p className="px-2 py-2 text-xs text-white/50">{t('conversations.searchFailed')}</p>}
        {searching && results.isSuccess && items.length === 0 && <p className="px-2 py-2 text-xs text-white/50">{t('conversations.noMatch', { term })}</p>}
        <ul className="flex flex-col gap-0.5">
          {items.map((conversation) => {
            const persona = PERSONAS.find((p) => p.id === conversation.persona);
            return (
              <li key={conversation.id} className="group relative">
                {renamingId === conversation.id ? (
                  <input
                    autoFocus
                    defaultValue={conversation.title}
                    aria-label={t('conversations.newTitle')}
                    maxLength={CONVERSATION_TITLE_MAX_CHARS}
                    onKeyDown={(event) => onRenameKey(event, conversation)}
                    onBlur={() => setRenamingId(null)}
                    className="my-1 h-9 w-full rounded-lg border border-white/30 bg-white/15 px-2 text-sm text-white outline-none"
                  />
                ) : (
                <button
                  type="button"
                  onClick={() => onOpen(conversation.id)}
                  aria-current={conversation.id === activeId}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-lg py-2 pl-2 pr-9 text-left text-sm text-white/80 transition hover:bg-white/10',
                    conversation.id === activeId && 'bg-white/15 text-white',
                  )}
                >
                  <span aria-hidden="true" className="text-base">
                    {persona?.emoji ?? <MessageSquare className="h-4 w-4" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-1">
                      <span className="block truncate">{conversation.title}</span>
                      {conversation.pinned && <Pin aria-label={t('conversations.pinned')} className="h-3 w-3 shrink-0 text-amber-300" />}
                      {conversation.shared && <Users aria-label={t('conversations.sharedWithTeam')} className="h-3 w-3 shrink-0 text-sky-300" />}
                    </span>
                    {conversation.snippet ? (
                      <Snippet parts={conversation.snippet} />
                    ) : (
                      <span className="block text-[11px] text-white/60">{relativeDay(pageLanguage(), conversation.updatedAt)}</span>
                    )}
                  </span>
                </button>
                )}
                {/* Not modal: a modal menu hides the page with aria-hidden while its trigger keeps focus (axe aria-hidden-focus). */}
                <DropdownMenu modal={false}>
                  <DropdownMenuTrigger
                    aria-label={t('conversations.actionsFor', { title: conversation.title })}
                    className="absolute right-1 top-1/2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-white/60 opacity-100 hover:bg-white/15 hover:text-white sm:opacity-0 sm:group-hover:opacity-100 sm:focus:opacity-100 sm:data-[state=open]:opacity-100"
                  >
                    <MoreHorizontal aria-hidden="true" className="h-4 w-4" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent
                    align="end"
                    onCloseAutoFocus={(event) => {
                      if (keepFocusOnRename.current) event.preventDefault();
                      keepFocusOnRename.current = false;
                    }}
                  >
                    <DropdownMenuItem
                      onSelect={() => {
                        keepFocusOnRename.current = true;
                        setRenamingId(conversation.id);
                      }}
                    >
                      <Pencil aria-hidden="true" /> {t('conversations.rename')}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => void update(conversation, { pinned: !conversation.pinned })}>
                      {conversation.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />} {conversation.pinned ? t('conversations.unpin') : t('conversations.pin')}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => void toggleShared(conversation)}>
                      <Users aria-hidden="true" /> {conversation.shared ? t('conversations.stopSharing') : t('conversations.shareWithTeam')}
                    </DropdownMenuItem>
                    {(projects.data?.projects ?? [])
                      .filter((p) => p.id !== conversation.projectId)
                      .map((p) => (
                        <DropdownMenuItem key={p.id} onSelect={() => void update(conversation, { projectId: p.id })}>
                          <FolderInput aria-hidden="true" /> {t('conversations.moveTo', { name: p.name })}
                        </DropdownMenuItem>
                      ))}
                    {conversation.projectId && (
                      <DropdownMenuItem onSelect={() => void update(conversation, { projectId: null })}>
                        <FolderOutput aria-hidden="true" /> {t('conversations.removeFromProject')}
                      </DropdownMenuItem>
                    )}
                    <DropdownMenuSeparator />
                    <DropdownMenuItem asChild>
                      <a href={conversationExportUrl(conversation.id, 'md')} download>
                        <Download aria-hidden="true" /> {t('conversations.exportMarkdown')}
                      </a>
                    </DropdownMenuItem>
                    <DropdownMenuItem asChild>
                      <a href={conversationExportUrl(conversation.id, 'json')} download>
                        <FileJson aria-hidden="true" /> {t('conversations.exportJson')}
                      </a>
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem className="text-red-700 data-[highlighted]:bg-red-50" onSelect={() => void onDelete(conversation)}>
                      <Trash2 aria-hidden="true" /> {t('conversations.delete')}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            );
          })}
        </ul>
        {!searching && conversations.hasNextPage && (
          <button
            type="button"
            onClick={() => void conversations.fetchNextPage()}
            disabled={conversations.isFetchingNextPage}
            className="mt-1 w-full rounded-lg px-2 py-1.5 text-xs text-white/60 hover:bg-white/10"
          >
            {conversations.isFetchingNextPage ? t('conversations.loadingMore') : t('conversations.showMore')}
          </button>
        )}
      </div>
    </section>
  );
});
