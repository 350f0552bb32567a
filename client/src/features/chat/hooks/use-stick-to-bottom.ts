import { useCallback, useEffect, useRef, useState } from 'react';

/** Closer to the bottom than this counts as at the bottom (and follows what comes next). */
const NEAR_BOTTOM_PX = 80;

/**
 * Keeps a scroll container pinned to its bottom while its content grows (new messages, a
 * streaming reply), unless the reader has scrolled up to read something older; `atBottom` says
 * which, for the "Jump to latest" button (issue 42).
 */
export function useStickToBottom<Scroller extends HTMLElement, Content extends HTMLElement>() {
  const scrollerRef = useRef<Scroller>(null);
  const contentRef = useRef<Content>(null);
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  useEffect(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    let lastTop = scroller.scrollTop;
    // Only the reader scrolling up lets go. A scroll event is dispatched a frame late, so the one
    // our own jump to the bottom caused can arrive after the content grew again and look "far
    // from the bottom"; it never moves up, so it no longer unpins the view.
    const near = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_BOTTOM_PX;
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (near()) stuck.current = true;
      else if (top < lastTop) stuck.current = false;
      lastTop = top;
      // Any scroll that leaves the bottom counts here, the reader's or a focus returning to an
      // older message (closing a citation's preview): the button shows whenever newer is below.
      setAtBottom(stuck.current || near());
    };
    const observer = new ResizeObserver(() => {
      if (stuck.current) scroller.scrollTop = scroller.scrollHeight;
      else setAtBottom(near());
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
    setAtBottom(true);
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  return { scrollerRef, contentRef, stickNow, atBottom };
}
