import { stopChat } from '../api/conversation-controls';
import { conversationsQueryOptions } from '../api/get-conversations';
import type { ExchangeContext } from './exchange-context';

/**
 * Stop: the server aborts the reply and keeps what arrived (as stopped); the screen then shows what
 * it stored. `shownConversation` reads the one on screen, for when the server names none.
 */
export async function stopExchange(ctx: ExchangeContext, stoppingRef: { current: boolean }, shownConversation: () => string | null) {
  if (!ctx.latest.current.sending || stoppingRef.current) return;
  stoppingRef.current = true;
  try {
    const stopped = await stopChat().catch(() => null);
    ctx.abortRef.current?.abort();
    const id = stopped?.conversationId ?? shownConversation();
    if (id) await ctx.reload(id).catch(() => undefined);
    void ctx.queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
  } finally {
    stoppingRef.current = false;
  }
}
