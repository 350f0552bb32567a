import { useEffect } from 'react';

/**
 * Smooth scrolling for the in-page anchors while the landing page is shown, unless the visitor
 * asked for reduced motion. Set on <html> here rather than in the global stylesheet so other
 * pages keep instant scrolling.
 */
export function useSmoothAnchorScroll() {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const root = document.documentElement;
    const previous = root.style.scrollBehavior;
    root.style.scrollBehavior = 'smooth';
    return () => {
      root.style.scrollBehavior = previous;
    };
  }, []);
}
