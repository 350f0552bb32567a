import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The end of a paged list: loads the next page when it scrolls into view, and stays a button for
 * keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoad);
  useEffect(() => {
    latest.current = onLoad;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={ref} className="flex justify-center py-2">
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading && <Spinner />}
        {loading ? 'Loading more files...' : 'Load more files'}
      </Button>
    </div>
  );
}
