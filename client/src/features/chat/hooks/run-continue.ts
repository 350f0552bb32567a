import type { ChatMode } from '@contract/chat';
import { continuationPiece } from '@contract/continuation';
import type { Persona } from '@contract/personas';
import { conversationsQueryOptions } from '../api/get-conversations';
import { streamChat } from '../api/send-chat';
import type { ChatMessage } from '../lib/chat-message';
import { asFailure, endExchange, type ExchangeContext } from './exchange-context';
import { chatText } from '../texts';

/**
 * Continue (issue 42): the newest reply, cut off at the model's length limit, grows in place as
 * the model goes on (no message is sent, no second reply).
 */
export async function runContinue(ctx: ExchangeContext, target: ChatMessage, current: string, speaker: Persona, currentMode: ChatMode) {
  const controller = new AbortController();
  ctx.abortRef.current = controller;
  const grow = (change: Partial<ChatMessage>) => ctx.setMessages((all) => all.map((m) => (m.id === target.id ? { ...m, ...change } : m)));
  let received = '';
  let frame = 0;
  const paint = () => {
    frame = 0;
    grow({ content: target.content + continuationPiece(target.content, received) });
  };
  // The cut-off note and its Continue button go while the reply grows.
  grow({ status: undefined });
  try {
    const reply = await streamChat(
      { conversationId: current, continueOf: target.serverId, character: speaker.id, mode: currentMode, projectId: ctx.projectRef.current },
      {
        signal: controller.signal,
        onDelta(text) {
          received += text;
          if (frame === 0) frame = requestAnimationFrame(paint);
        },
      },
    );
    cancelAnimationFrame(frame);
    grow({ content: reply.content, status: reply.status, ...(reply.citations ? { citations: reply.citations } : {}) });
    void ctx.queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
  } catch (error) {
    cancelAnimationFrame(frame);
    const failure = asFailure(error);
    if (ctx.stoppingRef.current || failure.kind === 'aborted') return; // Stop reloads what the server kept
    if (received !== '') {
      // Part of the continuation was kept (as failed): the screen shows what the server stored.
      await ctx.reload(current).catch(() => undefined);
    } else {
      grow({ content: target.content, status: 'cut_off' });
    }
    if (failure.kind === 'premium_required') ctx.setUpgradeNotice({ message: failure.message });
    else if (failure.kind === 'limited') ctx.notify({ title: chatText('failures.wait'), description: failure.message, variant: 'destructive' });
    else ctx.notify({ title: chatText('common:error'), description: chatText('failures.continueFailed'), variant: 'destructive' });
  } finally {
    endExchange(ctx, controller);
  }
}
