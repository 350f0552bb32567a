import { fileListUrl, openingListOf } from './file-places';

/**
 * The GETs a signed-in page makes before it can draw, named exactly as the page asks for them.
 * The client starts them with its first script (client/src/app/router.tsx); the server writes
 * their answers into the page's HTML when the request carries a session
 * (server/plugins/page-first-reads.ts), and the client then takes them from there.
 */
const PAGE_READS: Record<string, (search: string) => string[]> = {
  '/chat': () => ['/api/conversations'],
  '/files': (search) => [fileListUrl(openingListOf(search))],
  '/profile': () => [],
  '/team': () => [],
};

/** The signed-in pages' paths. */
export const SIGNED_IN_PATHS = Object.keys(PAGE_READS);

/** The first reads of the page at `path` (its query string `search`); none for a page that is not signed in. */
export function firstReadsOf(path: string, search: string): string[] {
  const reads = PAGE_READS[path];
  return reads ? ['/api/auth/me', ...reads(search)] : [];
}
