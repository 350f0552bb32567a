import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps a scroll container pinned to its bottom while its content grows (new messages, a
 * streaming reply), unless the reader has scrolled up to read something older.
 */
export function useStickToBottom<Scroller extends HTMLElement, Content extends HTMLElement>() {
  const scrollerRef = useRef<Scroller>(null);
  const contentRef = useRef<Content>(null);
  const stuck = useRef(true);

  useEffect(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    let lastTop = scroller.scrollTop;
    // Only the reader scrolling up lets go. A scroll event is dispatched a frame late, so the one
    // our own jump to the bottom caused can arrive after the content grew again and look "far
    // from the bottom"; it never moves up, so it no longer unpins the view.
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (scroller.scrollHeight - top - scroller.clientHeight < 80) stuck.current = true;
      else if (top < lastTop) stuck.current = false;
      lastTop = top;
    };
    const observer = new ResizeObserver(() => {
      if (stuck.current) scroller.scrollTop = scroller.scrollHeight;
    });
    scroller.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(content);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, []);

  /** Jump to the newest message and follow it again (after sending, or opening a conversation). */
  const stickNow = useCallback(() => {
    stuck.current = true;
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  return { scrollerRef, contentRef, stickNow };
}
