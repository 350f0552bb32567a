import type { FileRecord, Folder } from '@contract/files';
import { useScreen } from '@/lib/screen';
import { keyOf, useAfterFirstPaint, useBrowserItems, useGridColumns, useVirtualRows, type Paging } from '../hooks/use-virtual-items';
import { FileIcon, FolderIcon } from './file-icon';
import { hasIndexBadge, IndexBadge, indexBadgeId } from './index-badge';
import { ItemActions, type BrowserItem, type ItemHandlers } from './item-actions';
import { writtenSize } from '@/lib/i18n/written-size';
import { useFilesTexts } from '../texts';

const tile =
  'group relative flex flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 pb-2 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-genie-300 hover:shadow-md';

const COLUMN_CLASS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4', 6: 'grid-cols-6' };
// Both grids' scroll box, with room for a tile's hover lift and shadow inside it.
const scrollBoxClass = '-m-1 max-h-[70vh] overflow-y-auto overscroll-contain p-1';
const actionsClass = 'opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100';

function Tile({ item, handlers, index, total, actionsLater }: { item: BrowserItem; handlers: ItemHandlers; index: number; total: number; actionsLater: boolean }) {
  const { t, i18n } = useFilesTexts();
  const position = { role: 'listitem', 'aria-posinset': index + 1, 'aria-setsize': total };
  if (item.kind === 'folder') {
    const { folder } = item;
    return (
      <div {...position} className={tile} data-testid="folder-item">
        <button type="button" className="flex w-full flex-col items-center gap-2 focus-visible:outline-none" onClick={() => handlers.onOpenFolder(folder)} aria-label={t('grid.openFolder', { name: folder.name })}>
          <FolderIcon />
          <span className="w-full truncate text-sm font-medium text-slate-900" title={folder.name}>
            {folder.name}
          </span>
        </button>
        {/* Outside the button: its name ("Open folder …") must hold all the text it shows (WCAG 2.5.3). */}
        <span className="text-xs text-slate-500">{t('grid.folder')}</span>
        <ItemActions item={item} handlers={handlers} className={actionsClass} later={actionsLater} />
      </div>
    );
  }
  const { file } = item;
  return (
    <div {...position} className={tile} data-testid="file-item">
      <button
        type="button"
        className="flex w-full flex-col items-center gap-2 focus-visible:outline-none"
        onClick={() => handlers.onOpenFile(file)}
        aria-label={t('grid.openFile', { name: file.originalName })}
        aria-describedby={hasIndexBadge(file) ? indexBadgeId(file) : undefined}
      >
        <FileIcon mimeType={file.mimeType} />
        <span className="w-full truncate text-sm font-medium text-slate-900" title={file.originalName}>
          {file.originalName}
        </span>
      </button>
      {/* Outside the button: its name ("Open …") must hold all the text it shows (WCAG 2.5.3); the badge still describes it. */}
      <span className="text-xs text-slate-500">{writtenSize(i18n.language, file.size)}</span>
      <IndexBadge file={file} />
      <ItemActions item={item} handlers={handlers} showDownload={false} className={actionsClass} later={actionsLater} />
    </div>
  );
}

interface FileGridProps {
  folders: Folder[];
  files: FileRecord[];
  handlers: ItemHandlers;
  paging: Paging;
}

/** Tiles drawn on the server: six rows of six (desktop) fill a 70vh box up to 1,700 px tall, and eighteen rows of two a phone's. */
const SERVER_TILES = 36;

/**
 * Drawn on the server (app/server-render.tsx), where no width is known: the first tiles as one CSS
 * grid whose columns follow the width as FileGrid's do (2, 3, 4, then 6), the same tiles and gaps,
 * in the same scroll box. The virtual grid cannot be drawn there: it lays its tiles out in rows of
 * a column count it reads from the screen's width (docs/decisions.md, "First load: one seam").
 * The browser's first render replaces it with the virtual grid.
 */
function FirstTilesGrid({ folders, files, handlers }: FileGridProps) {
  const items = useBrowserItems(folders, files).slice(0, SERVER_TILES);
  const { t } = useFilesTexts();
  return (
    <div className={scrollBoxClass} data-testid="file-scroll">
      <div role="list" aria-label={t('grid.itemsLabel')} className="grid grid-cols-2 gap-3 pb-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {items.map((item, index) => (
          <Tile key={keyOf(item)} item={item} handlers={handlers} index={index} total={folders.length + files.length} actionsLater />
        ))}
      </div>
    </div>
  );
}

/**
 * SPEC §2: the grid has 6 columns (on desktop; fewer on narrower screens). Virtual by rows of
 * tiles: only the rows in view are drawn, and the next page loads as the end comes near.
 */
export function FileGrid(props: FileGridProps) {
  return useScreen().onServer ? <FirstTilesGrid {...props} /> : <VirtualFileGrid {...props} />;
}

function VirtualFileGrid({ folders, files, handlers, paging }: FileGridProps) {
  const items = useBrowserItems(folders, files);
  const { t } = useFilesTexts();
  const columns = useGridColumns();
  const actionsLater = !useAfterFirstPaint();
  const rows = Math.ceil(items.length / columns);
  const { scrollRef, virtualizer, virtualRows } = useVirtualRows({
    rows,
    // A row's height as drawn (a tile and the gap below it, at every width): with the old guess of
    // 150 the first render drew a row too many, then measured and drew the page again.
    estimate: 204,
    // A row is up to 6 tiles of ~25 nodes each: 2 rows either side keep the DOM well under 2,000.
    overscan: 2,
    paging,
    // A row is named by its first tile, so rows keep their measured height when a page arrives.
    rowKey: (index) => `${columns}:${keyOf(items[index * columns]!)}`,
  });
  return (
    <div ref={scrollRef} className={scrollBoxClass} data-testid="file-scroll">
      <div role="list" aria-label={t('grid.itemsLabel')} data-focus-home className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((virtualRow) => (
          <div
            key={virtualRow.key}
            ref={virtualizer.measureElement}
            data-index={virtualRow.index}
            role="presentation"
            className={`absolute left-0 top-0 grid w-full gap-3 pb-3 ${COLUMN_CLASS[columns]}`}
            style={{ transform: `translateY(${virtualRow.start}px)` }}
          >
            {items.slice(virtualRow.index * columns, (virtualRow.index + 1) * columns).map((item, offset) => (
              <Tile key={keyOf(item)} item={item} handlers={handlers} index={virtualRow.index * columns + offset} total={items.length} actionsLater={actionsLater} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
