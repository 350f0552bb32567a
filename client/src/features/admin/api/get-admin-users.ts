import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@contract/accounts';
import { ADMIN_QUERY_KEY, adminGet, useAdminToken } from '../lib/admin-token';

const listUrl = (search: string, cursor: string | null) => {
  const params = new URLSearchParams({ limit: '25' });
  if (search) params.set('search', search);
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/users?${params}`;
};

export const adminUsersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'users', search],
    queryFn: ({ pageParam }) => adminGet<AdminUserList>(listUrl(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The searchable, paged account list (no polling: an admin acting on a row wants it to stay put). */
export const useAdminUsers = (search: string) => useInfiniteQuery({
    ...adminUsersQueryOptions(search),
    // A refined search keeps the rows shown until its answer comes: the list is not swapped for a
    // spinner, so a row's open confirm dialog is not unmounted under the admin's click.
    placeholderData: keepPreviousData,
    enabled: useAdminToken() !== null,
  });
