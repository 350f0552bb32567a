import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FileRecord, Folder } from '@contract/files';
import { useScreen, type Screen } from '@/lib/screen';
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

/** The scroll box's height as a share of the window's: both views' box is `max-h-[70vh]`. */
const SCROLL_BOX_SHARE = 0.7;

/**
 * The scroll box's size before it is measured. The virtualizer measures the box only after the
 * first render has been committed; guessing 0 × 0 until then, the first render drew no rows at
 * all, and measuring drew them in a second render and layout before the first paint (issue 19:
 * the file manager's first rows). The box of a long list is 70vh tall; a short list's
 * box is shorter, and its rows are all drawn either way.
 */
const scrollBoxGuess = (screen: Screen) => {
  const { width, height } = screen.size();
  return { width, height: Math.floor(height * SCROLL_BOX_SHARE) };
};

/**
 * A virtual list of `rows` in its own scroll box: only the rows in view (and a few either side)
 * are in the DOM, so a folder of 10,000 files keeps a few hundred nodes, and the next page is
 * fetched as the user nears the end of the loaded ones.
 */
export function useVirtualRows({ rows, estimate, paging, rowKey, overscan }: { rows: number; estimate: number; paging: Paging; rowKey: (index: number) => string; overscan: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const screen = useScreen();
  const [initialRect] = useState(() => scrollBoxGuess(screen));
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    initialRect,
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

const COLUMN_QUERY_TEXTS = COLUMN_QUERIES.map(([query]) => query);

const columnsOn = (screen: Screen) => COLUMN_QUERIES.find(([query]) => screen.matches(query))?.[1] ?? 2;

/** SPEC §2's grid columns by screen width (Tailwind's sm/md/lg): 2, 3, 4, then 6 on desktop; 2 where no width is known. */
export function useGridColumns() {
  const screen = useScreen();
  const subscribe = useCallback((onChange: () => void) => screen.watch(COLUMN_QUERY_TEXTS, onChange), [screen]);
  const columnsNow = () => columnsOn(screen);
  return useSyncExternalStore(subscribe, columnsNow, columnsNow);
}

/**
 * False for a list's first render, true right after it (React's deferred value, rendered in a
 * transition once the first render is on screen). A tile's action buttons (three icon buttons, on
 * a desktop invisible until hover or focus) are half its DOM: drawn in that second render, the
 * first rows of a 10,000-file library are painted ~90 ms sooner on this machine (issue 19).
 */
export const useAfterFirstPaint = () => useDeferredValue(true, false);
