import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Breadcrumb } from '@contract/files';

/** SPEC §7: breadcrumbs are fetched only when a folder is open; the key is the URL's parts. */
export const breadcrumbsQueryOptions = (folderId: string | null) =>
  queryOptions<Breadcrumb[]>({
    queryKey: ['/api/folders/breadcrumbs', folderId ?? ''],
    enabled: folderId !== null,
  });

export const useBreadcrumbs = (folderId: string | null) => useQuery(breadcrumbsQueryOptions(folderId));
