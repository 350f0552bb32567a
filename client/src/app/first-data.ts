import { fileListPagesQueryOptions } from '@/features/files/api/get-files';
import { meQueryOptions } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import { openingListOf } from '@contract/file-places';

/**
 * What a signed-in page opened directly shows first, put in the query cache before the first
 * render: the first render then draws the page with its data, instead of a spinner, then the
 * page's frame, then its rows, each a render and a frame of its own. The GETs were started by
 * the first script (router.tsx's startEarly); these take their responses. A visitor (no user)
 * gets no page reads: the guard sends them to sign in.
 */
export default async function loadFirstData(path: string, search: string): Promise<void> {
  const me = await queryClient.fetchQuery(meQueryOptions());
  if (me && path === '/files') await queryClient.prefetchInfiniteQuery(fileListPagesQueryOptions(openingListOf(search)));
}
