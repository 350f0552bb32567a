import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { FileRecord, Folder } from '@contract/files';
import type { BrowserItem } from '../components/item-actions';

/** The next page of a paged list, as the browser's infinite query offers it. */
export interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/** Folders first, then files: the order both views show. */
export function useBrowserItems(folders: Folder[], files: FileRecord[]): BrowserItem[] {
  return useMemo(
    () => [...folders.map((folder) => ({ kind: 'folder' as const, folder })), ...files.map((file) => ({ kind: 'file' as const, file }))],
    [folders, files],
  );
}

export const keyOf = (item: BrowserItem) => (item.kind === 'folder' ? `folder:${item.folder.id}` : `file:${item.file.id}`);

/** Rows this close to the end of what is loaded ask for the next page. */
const PREFETCH_ROWS = 8;

/**
 * A virtual list of `rows` in its own scroll box: only the rows in view (and a few either side)
 * are in the DOM, so a folder of 10,000 files keeps a few hundred nodes, and the next page is
 * fetched as the user nears the end of the loaded ones.
 */
export function useVirtualRows({ rows, estimate, paging, rowKey, overscan }: { rows: number; estimate: number; paging: Paging; rowKey: (index: number) => string; overscan: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan,
    getItemKey: rowKey,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = virtualRows[virtualRows.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = paging;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= rows - 1 - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastShown, rows]);
  return { scrollRef, virtualizer, virtualRows };
}

const COLUMN_QUERIES: [string, number][] = [
  ['(min-width: 1024px)', 6],
  ['(min-width: 768px)', 4],
  ['(min-width: 640px)', 3],
];

function columnsNow() {
  if (typeof window === 'undefined' || !window.matchMedia) return 2;
  return COLUMN_QUERIES.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 2;
}

function subscribeToWidth(onChange: () => void) {
  const lists = COLUMN_QUERIES.map(([query]) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/** SPEC §2's grid columns by screen width (Tailwind's sm/md/lg): 2, 3, 4, then 6 on desktop. */
export const useGridColumns = () => useSyncExternalStore(subscribeToWidth, columnsNow, () => 2);

/**
 * False for a list's first render, true right after it (React's deferred value, rendered in a
 * transition once the first render is on screen). A tile's action buttons (three icon buttons, on
 * a desktop invisible until hover or focus) are half its DOM: drawn in that second render, the
 * first rows of a 10,000-file library are painted ~90 ms sooner on this machine (issue 19).
 */
export const useAfterFirstPaint = () => useDeferredValue(true, false);
