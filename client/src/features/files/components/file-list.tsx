import type { CSSProperties } from 'react';
import type { FileRecord, Folder } from '@contract/files';
import { isLanguage } from '@contract/languages';
import { formatDate } from '@/lib/i18n/format';
import { keyOf, useBrowserItems, useVirtualRows, type Paging } from '../hooks/use-virtual-items';
import { FileIcon, FolderIcon } from './file-icon';
import { hasIndexBadge, IndexBadge, indexBadgeId } from './index-badge';
import { ItemActions, type BrowserItem, type ItemHandlers } from './item-actions';
import { writtenSize } from '@/lib/i18n/written-size';
import { useFilesTexts } from '../texts';

/** A day in the page's language, with its short month ("Mar 5, 2026", "5. März 2026"). */
const writtenDay = (language: string, iso: string) =>
  formatDate(isLanguage(language) ? language : 'en', iso, { year: 'numeric', month: 'short', day: 'numeric' });

const row = 'absolute left-0 top-0 flex w-full items-center gap-3 border-b border-slate-100 px-3 py-2.5 transition-colors hover:bg-genie-50/50 sm:px-4';

function ListRow({ item, handlers, style, index, total, measure }: { item: BrowserItem; handlers: ItemHandlers; style: CSSProperties; index: number; total: number; measure: (node: Element | null) => void }) {
  const { t, i18n } = useFilesTexts();
  const formatBytes = (bytes: number) => writtenSize(i18n.language, bytes);
  const day = (iso: string) => writtenDay(i18n.language, iso);
  const common = { ref: measure, style, className: row, 'data-index': index, 'aria-posinset': index + 1, 'aria-setsize': total };
  if (item.kind === 'folder') {
    const { folder } = item;
    return (
      <li {...common} data-testid="folder-item">
        <button type="button" className="flex min-w-0 flex-1 items-center gap-3 text-left" onClick={() => handlers.onOpenFolder(folder)} aria-label={t('grid.openFolder', { name: folder.name })}>
          <FolderIcon size="sm" />
          <span className="truncate text-sm font-medium text-slate-900">{folder.name}</span>
        </button>
        <span className="hidden w-24 text-sm text-slate-400 sm:block">—</span>
        <span className="hidden w-32 text-sm text-slate-500 sm:block">{day(folder.createdAt)}</span>
        <ItemActions item={item} handlers={handlers} className="w-auto justify-end sm:w-36" />
      </li>
    );
  }
  const { file } = item;
  return (
    <li {...common} data-testid="file-item">
      <button
        type="button"
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
        onClick={() => handlers.onOpenFile(file)}
        aria-label={t('grid.openFile', { name: file.originalName })}
        aria-describedby={hasIndexBadge(file) ? indexBadgeId(file) : undefined}
      >
        <FileIcon mimeType={file.mimeType} size="sm" />
        <span className="min-w-0">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium text-slate-900">{file.originalName}</span>
            <IndexBadge file={file} className="shrink-0" />
          </span>
          <span className="block truncate whitespace-nowrap text-xs text-slate-500 sm:hidden">
            {formatBytes(file.size)} · {day(file.uploadedAt)}
          </span>
          {/* A touch screen has no hover for the badge's title: the list shows why in words (read once, through the badge). */}
          {file.indexStatus === 'failed' && file.indexError ? (
            <span aria-hidden data-testid="index-error" className="block text-xs text-amber-800">
              {file.indexError}
            </span>
          ) : null}
        </span>
      </button>
      <span className="hidden w-24 text-sm text-slate-600 sm:block">{formatBytes(file.size)}</span>
      <span className="hidden w-32 text-sm text-slate-500 sm:block" data-testid="file-date">
        {day(file.uploadedAt)}
      </span>
      <ItemActions item={item} handlers={handlers} className="w-auto justify-end sm:w-36" />
    </li>
  );
}

/**
 * SPEC §2's list view: name and size, upload date, a download button and a delete button.
 * Virtual: only the rows in view are drawn, and the next page loads as the end comes near.
 */
export function FileList({ folders, files, handlers, paging }: { folders: Folder[]; files: FileRecord[]; handlers: ItemHandlers; paging: Paging }) {
  const items = useBrowserItems(folders, files);
  const { t } = useFilesTexts();
  const { scrollRef, virtualizer, virtualRows } = useVirtualRows({ rows: items.length, estimate: 57, overscan: 6, paging, rowKey: (index) => keyOf(items[index]!) });
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="hidden grid-cols-[1fr_6rem_8rem_9rem] gap-3 border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 sm:grid">
        <span>{t('list.name')}</span>
        <span>{t('list.size')}</span>
        <span>{t('list.uploaded')}</span>
        <span className="sr-only">{t('list.actions')}</span>
      </div>
      <div ref={scrollRef} className="max-h-[70vh] overflow-y-auto overscroll-contain" data-testid="file-scroll">
        <ul className="relative" style={{ height: virtualizer.getTotalSize() }} aria-label={t('grid.itemsLabel')} data-focus-home>
          {virtualRows.map((virtualRow) => (
            <ListRow
              key={virtualRow.key}
              item={items[virtualRow.index]!}
              handlers={handlers}
              index={virtualRow.index}
              total={items.length}
              measure={virtualizer.measureElement}
              style={{ transform: `translateY(${virtualRow.start}px)` }}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
