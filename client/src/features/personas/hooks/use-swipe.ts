import { useRef, type TouchEvent } from 'react';

/** SPEC §2/§9: a swipe counts past 50 px of horizontal travel at more than 0.3 px/ms. */
export const SWIPE_MIN_DISTANCE_PX = 50;
export const SWIPE_MIN_VELOCITY_PX_PER_MS = 0.3;

/** Whether a horizontal movement is a swipe, and which way: 'next' for leftwards, 'previous' for rightwards. */
export function swipeDirection(deltaX: number, elapsedMs: number): 'next' | 'previous' | null {
  const distance = Math.abs(deltaX);
  const velocity = distance / Math.max(elapsedMs, 1);
  if (distance <= SWIPE_MIN_DISTANCE_PX || velocity <= SWIPE_MIN_VELOCITY_PX_PER_MS) return null;
  return deltaX < 0 ? 'next' : 'previous';
}

export function useSwipe(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; time: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      if (touch) start.current = { x: touch.clientX, time: event.timeStamp };
    },
    onTouchEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const direction = swipeDirection(touch.clientX - from.x, event.timeStamp - from.time);
      if (direction === 'next') onNext();
      else if (direction === 'previous') onPrevious();
    },
  };
}
