import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { titleOf } from './route-titles';

/**
 * Gives each page its title and, when the app moves to another page without a page load, says the
 * new title once in a polite live region, as a screen reader hears after a real navigation
 * (issue 44). The first page is not announced: the browser reads its title itself.
 */
export function RouteAnnouncer() {
  const [location] = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  useEffect(() => {
    const title = titleOf(location);
    document.title = title;
    if (first.current) first.current = false;
    else setAnnouncement(title);
  }, [location]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
