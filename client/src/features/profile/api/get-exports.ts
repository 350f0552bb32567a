import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserExportList } from '@contract/accounts';
import { getJson } from '@/lib/request';

export const getExports = () => getJson<UserExportList>('/api/user/exports');

export const exportsQueryOptions = () => queryOptions({ queryKey: ['user-exports'], queryFn: getExports });

/** The caller's exports; polled every 2 s while one is still being built. */
export const useExports = () =>
  useQuery({
    ...exportsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.exports.some((e) => e.status === 'building') ? 2000 : false),
  });
