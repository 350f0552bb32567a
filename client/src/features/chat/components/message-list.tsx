import { memo, startTransition, useLayoutEffect, useRef, useState } from 'react';
import type { Persona } from '@contract/personas';
import type { ChatMessage } from '../lib/chat-message';
import { useChatTexts } from '../texts';
import { KeepScrollPlace } from './keep-scroll-place';
import type { MessageActionHandlers } from './message-actions';
import { MessageBubble } from './message-bubble';
import type { EditRequest } from './user-message-body';

/** Rows a long conversation settles on once open, and the step its window grows by as the reader scrolls up. */
export const MESSAGE_WINDOW_STEP = 60;
/** Rows of a long conversation mounted first; more are added before the first paint until they fill the screen. */
const FIRST_ROWS = 4;
/**
 * No row and its gap take less than this (a one-line message and its time), so a gap this tall needs
 * at most one more row. Rows not yet laid out count as 64 px plus the gap (chat-styles.css), so
 * measuring them never overstates what fills the screen.
 */
const MIN_ROW_HEIGHT_PX = 80;
/** Filled a row past the screen, the "Show earlier" row is out of sight at the first paint. */
const FILL_BEYOND_PX = MIN_ROW_HEIGHT_PX;
/** Older rows start mounting while the reader is still this far below them, so they are there when the reader arrives. */
const PREFETCH_MARGIN_PX = 1_200;

/** The next whole step: from the rows that filled the screen to 60, then 120, 180, … */
const nextWindow = (shown: number) => (Math.floor(shown / MESSAGE_WINDOW_STEP) + 1) * MESSAGE_WINDOW_STEP;

interface MessageListProps extends MessageActionHandlers {
  messages: readonly ChatMessage[];
  persona: Persona;
  speakingId: string | null;
  /** Asks the model to go on; offered under the newest reply when it was cut off. */
  onContinue(): void;
  /** Asks again for the newest reply, or (Retry) answers the newest message when it has none; absent while a reply runs. */
  onRegenerate?(): void;
  /** Opens the edit box of this message (Up in an empty message box); only that row re-renders. */
  editRequest?: EditRequest | null;
  /** An edit box opened by editRequest closed (sent or cancelled): the message box takes the focus back. */
  onEditClosed?(): void;
}

/**
 * The conversation, memoised: typing in the composer and the streaming preview never re-render it.
 * A long conversation first mounts only the newest rows that fill the screen, so its newest
 * message paints at once; then, in a transition (React yields between rows, so scrolling and
 * typing stay smooth), the window grows to MESSAGE_WINDOW_STEP rows and by a step whenever the
 * reader nears the top. The parent keys it by conversation, so each one starts small again.
 */
export const MessageList = memo(function MessageList({
  messages,
  persona,
  speakingId,
  onContinue,
  onRegenerate,
  editRequest,
  onEditClosed,
  ...handlers
}: MessageListProps) {
  const { t } = useChatTexts();
  const [shownCount, setShownCount] = useState(messages.length > FIRST_ROWS ? FIRST_ROWS : MESSAGE_WINDOW_STEP);
  const filling = useRef(messages.length > FIRST_ROWS);
  const sentinelRef = useRef<HTMLLIElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const hiddenCount = Math.max(0, messages.length - shownCount);
  const shown = hiddenCount > 0 ? messages.slice(hiddenCount) : messages;
  const scroller = () => listRef.current?.closest<HTMLElement>('[data-scroll-container]') ?? null;

  // Asking twice before the rows arrive asks for the same window, never two steps.
  const showEarlier = () => startTransition(() => setShownCount(nextWindow(shownCount)));

  // Before the first paint (a layout effect's update renders at once): just enough rows to fill the screen.
  useLayoutEffect(() => {
    if (!filling.current) return;
    const view = scroller();
    const missingPx = view ? view.clientHeight + FILL_BEYOND_PX - view.scrollHeight : 0;
    if (missingPx <= 0 || hiddenCount === 0 || shownCount >= MESSAGE_WINDOW_STEP) {
      filling.current = false;
      return;
    }
    setShownCount(Math.min(MESSAGE_WINDOW_STEP, shownCount + Math.ceil(missingPx / MIN_ROW_HEIGHT_PX)));
    // scroller() reads the DOM; shownCount and hiddenCount say when it changed.
  }, [shownCount, hiddenCount]);

  useLayoutEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || hiddenCount === 0) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && showEarlier(), {
      root: sentinel.closest('[data-scroll-container]'),
      rootMargin: `${PREFETCH_MARGIN_PX}px 0px 0px 0px`,
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
    // showEarlier changes with shownCount only.
  }, [hiddenCount, shownCount]);

  return (
    <KeepScrollPlace rows={shownCount} scroller={scroller}>
      <ol ref={listRef} aria-label={t('message.listLabel')} className="flex flex-col gap-5">
        {hiddenCount > 0 && (
          <li ref={sentinelRef} className="flex justify-center">
            <button type="button" onClick={showEarlier} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-600 hover:bg-slate-200">
              {t('message.showEarlier', { count: hiddenCount })}
            </button>
          </li>
        )}
        {shown.map((message, index) => (
          <MessageBubble
            key={message.id}
            message={message}
            persona={persona}
            speaking={speakingId === message.id}
            onContinue={index === shown.length - 1 && message.status === 'cut_off' ? onContinue : undefined}
            onRegenerate={index === shown.length - 1 && message.role === 'assistant' ? onRegenerate : undefined}
            onRetry={index === shown.length - 1 && message.role === 'user' && message.serverId ? onRegenerate : undefined}
            editRequested={editRequest?.messageId === message.id ? editRequest.seq : undefined}
            onEditClosed={onEditClosed}
            {...handlers}
          />
        ))}
      </ol>
    </KeepScrollPlace>
  );
});
