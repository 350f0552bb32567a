import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { Persona } from '@contract/personas';
import type { ChatMessage } from '../lib/chat-message';
import type { MessageActionHandlers } from './message-actions';
import { MessageBubble } from './message-bubble';

/** Messages rendered at first and added per step when the reader scrolls up. */
export const MESSAGE_WINDOW_STEP = 60;

interface MessageListProps extends MessageActionHandlers {
  messages: readonly ChatMessage[];
  persona: Persona;
  speakingId: string | null;
}

/**
 * The conversation, memoised: typing in the composer and the streaming preview never re-render it.
 * A 1,000-message conversation mounts only its newest rows; older ones are added a step at a time
 * as the reader reaches the top, keeping their place on screen.
 */
export const MessageList = memo(function MessageList({ messages, persona, speakingId, ...handlers }: MessageListProps) {
  const [shownCount, setShownCount] = useState(MESSAGE_WINDOW_STEP);
  const sentinelRef = useRef<HTMLLIElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const anchorRef = useRef<{ scroller: HTMLElement; fromBottom: number } | null>(null);
  const hiddenCount = Math.max(0, messages.length - shownCount);
  const shown = hiddenCount > 0 ? messages.slice(hiddenCount) : messages;

  function showEarlier() {
    const scroller = listRef.current?.closest<HTMLElement>('[data-scroll-container]');
    if (scroller) anchorRef.current = { scroller, fromBottom: scroller.scrollHeight - scroller.scrollTop };
    setShownCount((count) => count + MESSAGE_WINDOW_STEP);
  }

  // Keep the reader's place when older messages appear above.
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    if (!anchor) return;
    anchorRef.current = null;
    anchor.scroller.scrollTop = anchor.scroller.scrollHeight - anchor.fromBottom;
  }, [shownCount]);

  useLayoutEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || hiddenCount === 0) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showEarlier();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hiddenCount]);

  return (
    <ol ref={listRef} aria-label="Messages" className="flex flex-col gap-5">
      {hiddenCount > 0 && (
        <li ref={sentinelRef} className="flex justify-center">
          <button type="button" onClick={showEarlier} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-600 hover:bg-slate-200">
            Show earlier messages ({hiddenCount})
          </button>
        </li>
      )}
      {shown.map((message) => (
        <MessageBubble key={message.id} message={message} persona={persona} speaking={speakingId === message.id} {...handlers} />
      ))}
    </ol>
  );
});
