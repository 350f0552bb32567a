import { useCallback, useEffect, useRef, useState } from 'react';

/** Closer to the bottom than this counts as at the bottom (and follows what comes next). */
const NEAR_BOTTOM_PX = 80;
/** A scroll this soon after the reader's wheel, touch, key or scrollbar press is theirs (smooth scrolling runs on a little). */
const READER_SCROLL_MS = 1_000;

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
    // Only the reader lets go: a scroll up that follows their wheel, touch, keys or scrollbar.
    // The page itself also moves the view up, and that must not let go (issue 42: the next
    // question and its answer appeared below the composer): a streaming reply's preview that
    // shrinks (the greeting giving way to the first words) or is swapped for the finished reply
    // makes the browser pull the scroll position up, and by the time that scroll event is
    // dispatched, a frame late, the content has grown again and looks "far from the bottom".
    let readerAt = -Infinity;
    const readerMoved = () => {
      readerAt = performance.now();
    };
    const onKey = (event: KeyboardEvent) => {
      if (['ArrowUp', 'PageUp', 'Home', ' '].includes(event.key)) readerMoved();
    };
    const onPointer = (event: PointerEvent) => {
      // The scrollbar is the scroller itself; a press on a message is not a scroll.
      if (event.target === scroller) readerMoved();
    };
    const near = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_BOTTOM_PX;
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (near()) stuck.current = true;
      else if (top < lastTop && performance.now() - readerAt < READER_SCROLL_MS) stuck.current = false;
      lastTop = top;
      // Away from the bottom and not following: newer messages are below, the button says so.
      setAtBottom(stuck.current || near());
    };
    const observer = new ResizeObserver(() => {
      if (stuck.current) scroller.scrollTop = scroller.scrollHeight;
      else setAtBottom(near());
    });
    scroller.addEventListener('wheel', readerMoved, { passive: true });
    scroller.addEventListener('touchmove', readerMoved, { passive: true });
    scroller.addEventListener('keydown', onKey);
    scroller.addEventListener('pointerdown', onPointer);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(content);
    return () => {
      scroller.removeEventListener('wheel', readerMoved);
      scroller.removeEventListener('touchmove', readerMoved);
      scroller.removeEventListener('keydown', onKey);
      scroller.removeEventListener('pointerdown', onPointer);
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
