import { Download, FileJson, MessageSquare, MoreHorizontal, Plus, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { ConversationSummary } from '@contract/chat';
import { PERSONAS } from '@contract/personas';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useDeleteConversation } from '../api/delete-conversation';
import { conversationExportUrl } from '../api/export-conversation';
import { useConversations } from '../api/get-conversations';

function relativeDay(iso: string): string {
  const date = new Date(iso);
  const days = Math.floor((Date.now() - date.getTime()) / 86_400_000);
  if (days <= 0) return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return date.toLocaleDateString();
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
  const conversations = useConversations();
  const remove = useDeleteConversation();
  const items = conversations.data?.pages.flatMap((page) => page.conversations) ?? [];

  async function onDelete(conversation: ConversationSummary) {
    if (!window.confirm(`Delete “${conversation.title}”? This cannot be undone.`)) return;
    try {
      await remove.mutateAsync(conversation.id);
      if (conversation.id === activeId) onDeletedActive();
      toast({ title: 'Conversation deleted' });
    } catch {
      toast({ title: 'Error', description: 'Could not delete the conversation.', variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="history-heading" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between px-3 pb-1">
        <h2 id="history-heading" className="text-[11px] font-semibold uppercase tracking-[0.16em] text-white/50">
          Conversations
        </h2>
        <button type="button" onClick={onNewChat} className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-white/80 hover:bg-white/10">
          <Plus aria-hidden="true" className="h-3.5 w-3.5" /> New chat
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2">
        {conversations.isPending && <p className="px-2 py-2 text-xs text-white/50">Loading conversations…</p>}
        {conversations.isError && <p className="px-2 py-2 text-xs text-white/50">Conversations could not be loaded.</p>}
        {conversations.isSuccess && items.length === 0 && <p className="px-2 py-2 text-xs text-white/50">Your conversations will appear here.</p>}
        <ul className="flex flex-col gap-0.5">
          {items.map((conversation) => {
            const persona = PERSONAS.find((p) => p.id === conversation.persona);
            return (
              <li key={conversation.id} className="group relative">
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
                    <span className="block truncate">{conversation.title}</span>
                    <span className="block text-[11px] text-white/45">{relativeDay(conversation.updatedAt)}</span>
                  </span>
                </button>
                <DropdownMenu>
                  <DropdownMenuTrigger
                    aria-label={`Actions for ${conversation.title}`}
                    className="absolute right-1 top-1/2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-white/60 opacity-100 hover:bg-white/15 hover:text-white sm:opacity-0 sm:group-hover:opacity-100 sm:focus:opacity-100 sm:data-[state=open]:opacity-100"
                  >
                    <MoreHorizontal aria-hidden="true" className="h-4 w-4" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem asChild>
                      <a href={conversationExportUrl(conversation.id, 'md')} download>
                        <Download aria-hidden="true" /> Export as Markdown
                      </a>
                    </DropdownMenuItem>
                    <DropdownMenuItem asChild>
                      <a href={conversationExportUrl(conversation.id, 'json')} download>
                        <FileJson aria-hidden="true" /> Export as JSON
                      </a>
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem className="text-red-600 data-[highlighted]:bg-red-50" onSelect={() => void onDelete(conversation)}>
                      <Trash2 aria-hidden="true" /> Delete
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            );
          })}
        </ul>
        {conversations.hasNextPage && (
          <button
            type="button"
            onClick={() => void conversations.fetchNextPage()}
            disabled={conversations.isFetchingNextPage}
            className="mt-1 w-full rounded-lg px-2 py-1.5 text-xs text-white/60 hover:bg-white/10"
          >
            {conversations.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        )}
      </div>
    </section>
  );
});
