import { SESSION_URL } from './session-url';
import { fileListUrl, openingListOf } from './file-places';

/**
 * The GETs a signed-in page makes before it can draw, named exactly as the page asks for them.
 * The client starts them with its first script (client/src/app/router.tsx); the server writes
 * their answers into the page's HTML when the request carries a session
 * (server/plugins/page-first-reads.ts), and the client then takes them from there.
 */
const PAGE_READS = {
  '/chat': () => ['/api/conversations'],
  '/files': (search) => [fileListUrl(openingListOf(search))],
  '/profile': () => [],
  '/team': () => [],
} satisfies Record<string, (search: string) => string[]>;

/** A signed-in page's path: the client's router names its page for each (a missing one does not compile). */
export type SignedInPath = keyof typeof PAGE_READS;

/** The signed-in pages' paths. */
export const SIGNED_IN_PATHS: readonly string[] = Object.keys(PAGE_READS);

/** The first reads of the page at `path` (its query string `search`); none for a page that is not signed in. */
export function firstReadsOf(path: string, search: string): string[] {
  if (!Object.hasOwn(PAGE_READS, path)) return [];
  return [SESSION_URL, ...PAGE_READS[path as SignedInPath](search)];
}
