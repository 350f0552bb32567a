import { Download, FolderInput, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { FileRecord, Folder } from '@contract/files';
import { cn } from '@/lib/utils';
import { useReindexFile } from '../api/reindex-file';
import { downloadUrlOf } from '../api/upload-files';
import { useFilesTexts } from '../texts';

export type BrowserItem = { kind: 'file'; file: FileRecord } | { kind: 'folder'; folder: Folder };

export interface ItemHandlers {
  onOpenFolder: (folder: Folder) => void;
  onOpenFile: (file: FileRecord) => void;
  onRename: (item: BrowserItem) => void;
  onMove: (item: BrowserItem) => void;
  onDelete: (item: BrowserItem) => void;
}

export const nameOf = (item: BrowserItem) => (item.kind === 'file' ? item.file.originalName : item.folder.name);

const iconButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 [&_svg]:h-4 [&_svg]:w-4';

/**
 * Rename, move, download (files) and delete: icon buttons, each with its own label. In the team
 * library only whoever added the item, admins and the owner get rename, move and delete.
 *
 * `later`: only a box of the buttons' height, drawn in their place until the list's first paint
 * is done (see useAfterFirstPaint), so nothing moves when they arrive.
 */
export function ItemActions({
  item,
  handlers,
  className,
  showDownload = true,
  later = false,
}: {
  item: BrowserItem;
  handlers: ItemHandlers;
  className?: string;
  showDownload?: boolean;
  later?: boolean;
}) {
  const { t } = useFilesTexts();
  const name = nameOf(item);
  const canModify = item.kind === 'file' ? item.file.canModify : item.folder.canModify;
  const download = showDownload && item.kind === 'file';
  const reindex = useReindexFile();
  // Retry (issue 47): a failed file can be read again by whoever may change it.
  const retry = canModify && item.kind === 'file' && item.file.indexStatus === 'failed' ? item.file : null;
  if (later) return <div className={cn('flex items-center', className)}>{(canModify || download) && <span className="h-8" />}</div>;
  return (
    <div className={cn('flex items-center', className)}>
      {retry && (
        <button
          type="button"
          className={iconButton}
          aria-label={t('actions.retryIndexingOf', { name })}
          title={t('actions.retryIndexing')}
          disabled={reindex.isPending}
          onClick={(e) => (e.stopPropagation(), reindex.mutate(retry))}
        >
          <RotateCcw />
        </button>
      )}
      {canModify && (
        <>
      <button type="button" className={iconButton} aria-label={t('actions.renameOf', { name })} title={t('actions.rename')} onClick={(e) => (e.stopPropagation(), handlers.onRename(item))}>
        <Pencil />
      </button>
      <button type="button" className={iconButton} aria-label={t('actions.moveOf', { name })} title={t('actions.move')} onClick={(e) => (e.stopPropagation(), handlers.onMove(item))}>
        <FolderInput />
      </button>
        </>
      )}
      {download && (
        <a className={iconButton} href={`${downloadUrlOf(item.file)}?download=1`} download={item.file.originalName} aria-label={t('actions.downloadOf', { name })} title={t('actions.download')} onClick={(e) => e.stopPropagation()}>
          <Download />
        </a>
      )}
      {canModify && (
        <button
          type="button"
          className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600')}
          aria-label={t('actions.deleteOf', { name })}
          title={t('actions.delete')}
          onClick={(e) => (e.stopPropagation(), handlers.onDelete(item))}
        >
          <Trash2 />
        </button>
      )}
    </div>
  );
}
