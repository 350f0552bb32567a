import { FolderPlus, LayoutGrid, List, Search, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import type { FileRecord } from '@contract/files';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { FilePreviewDialog, type PreviewTarget } from '@/components/file-preview';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';
import { useFileListPages } from '../api/get-files';
import { useImport } from '../hooks/use-import';
import { useUploads } from '../hooks/use-uploads';
import { isZip } from '../lib/dropped-tree';
import { BreadcrumbBar } from './breadcrumb-bar';
import { DeleteItemDialog, useDeleteItem } from './delete-item';
import { EmptyState } from './empty-state';
import { FileGrid } from './file-grid';
import { FileList } from './file-list';
import { ImportMenu } from './import-menu';
import { ImportPanel } from './import-panel';
import type { FilePlace } from '@contract/file-places';
import { LibraryTabs } from './library-tabs';
import { LoadMore } from './load-more';
import type { BrowserItem, ItemHandlers } from './item-actions';
import { MoveDialog } from './move-dialog';
import { NewFolderForm } from './new-folder-form';
import { PassageResults } from './passage-results';
import { RenameDialog } from './rename-dialog';
import { UploadProgressList } from './upload-progress-list';
import { useFilesTexts } from '../texts';

export interface FileBrowserProps {
  /** In selection mode a click on a file picks it (onSelectFile) instead of opening it. */
  selectionMode?: boolean;
  onSelectFile?: (file: FileRecord) => void;
  /**
   * Given, the place is the caller's (the /files page keeps it in the URL, so Back and reload
   * work) and every change goes through onNavigate; absent, the browser keeps it itself (the modal).
   */
  place?: FilePlace;
  onNavigate?: (place: FilePlace) => void;
  className?: string;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** The file manager of SPEC §2, full page at /files and in chat's Browse Files modal. */
export function FileBrowser({ selectionMode = false, onSelectFile, place, onNavigate, className }: FileBrowserProps) {
  const [ownPlace, setOwnPlace] = useState<FilePlace>({ scope: 'private', folderId: null });
  const { scope, folderId } = place ?? ownPlace;
  const navigate = onNavigate ?? setOwnPlace;
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 250).trim();
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [renaming, setRenaming] = useState<BrowserItem | null>(null);
  const [moving, setMoving] = useState<BrowserItem | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);
  const { t } = useFilesTexts();

  const { data, isLoading, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useFileListPages({ scope, folderId, search });
  const uploads = useUploads(folderId, { scope });
  const imports = useImport(folderId, scope);
  const deletion = useDeleteItem();

  const go = (next: FilePlace) => {
    setSearchText('');
    navigate(next);
    setCreatingFolder(false);
  };
  const openFolder = (id: string | null) => go({ scope, folderId: id });

  const handlers: ItemHandlers = {
    onOpenFolder: (folder) => openFolder(folder.id),
    onOpenFile: (file) => {
      if (selectionMode) onSelectFile?.(file);
      // The shared safe preview (images, PDF, text, audio, video; never user HTML); Download is its own action.
      else setPreview({ fileId: file.id, fileName: file.originalName, mimeType: file.mimeType });
    },
    onRename: setRenaming,
    onMove: setMoving,
    onDelete: deletion.request,
  };

  const pickFiles = () => inputRef.current?.click();
  const uploadPicked = (files: FileList | null) => {
    if (files && files.length > 0) void uploads.start(Array.from(files));
  };

  /**
   * A drop holding a folder, or one ZIP alone, is a bulk import into the open folder; other files
   * upload as picked. The entries are taken now: the browser empties the drop after the event.
   */
  const dropped = (transfer: DataTransfer) => {
    const entries = Array.from(transfer.items)
      .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null))
      .filter((entry): entry is FileSystemEntry => entry !== null);
    const files = Array.from(transfer.files);
    if (selectionMode || imports.busy) return uploadPicked(transfer.files);
    if (entries.some((entry) => entry.isDirectory)) void imports.dropped(entries);
    else if (files.length === 1 && isZip(files[0]!)) void imports.zip(files[0]!);
    else uploadPicked(transfer.files);
  };

  // Folders all arrive with the first page; files a page at a time as the list is scrolled.
  const folders = data?.pages.flatMap((page) => page.folders) ?? [];
  const files = data?.pages.flatMap((page) => page.files) ?? [];
  const empty = !isLoading && !isError && folders.length === 0 && files.length === 0;
  // The list pages itself as it scrolls; a new folder or search starts it again at the top.
  // A page already on its way is not asked for again (TanStack cancels and restarts it by default).
  const paging = { hasNextPage, isFetchingNextPage, fetchNextPage: () => void fetchNextPage({ cancelRefetch: false }) };
  const listKey = `${folderId ?? 'home'}:${search}`;
  const Heading = selectionMode ? 'h2' : 'h1';

  return (
    <section
      className={cn('relative flex flex-col gap-4', className)}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        dragDepth.current++;
        setDragging(true);
      }}
      onDragOver={(event) => hasFiles(event) && event.preventDefault()}
      onDragLeave={() => {
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (dragDepth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        dragDepth.current = 0;
        setDragging(false);
        dropped(event.dataTransfer);
      }}
    >
      <header className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <Heading className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</Heading>
          {selectionMode && <p className="text-sm text-slate-500">{t('chooseToAttach')}</p>}
        </div>
        <LibraryTabs scope={scope} onChange={(next) => go({ scope: next, folderId: null })} className="self-start lg:ml-auto lg:mr-2" />
        <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap">
          <div className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5" role="group" aria-label={t('view')}>
            {(['grid', 'list'] as const).map((mode) => {
              const Icon = mode === 'grid' ? LayoutGrid : List;
              return (
                <button
                  key={mode}
                  type="button"
                  aria-label={mode === 'grid' ? t('gridView') : t('listView')}
                  aria-pressed={view === mode}
                  onClick={() => setView(mode)}
                  className={cn('inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 hover:text-slate-900', view === mode && 'bg-genie-100 text-genie-700')}
                >
                  <Icon aria-hidden className="h-4 w-4" />
                </button>
              );
            })}
          </div>
          <Button variant="outline" onClick={() => setCreatingFolder(true)} className="flex-1 sm:flex-none" data-action="new-folder">
            <FolderPlus aria-hidden />
            {t('newFolder')}
          </Button>
          {!selectionMode && <ImportMenu busy={imports.busy} onZip={(file) => void imports.zip(file)} onFolder={(files) => void imports.folderPicked(files)} />}
          <Button onClick={pickFiles} disabled={uploads.uploading} className="flex-1 sm:flex-none">
            {uploads.uploading ? <Spinner className="text-white" /> : <Upload aria-hidden />}
            {t('upload')}
          </Button>
        </div>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <BreadcrumbBar folderId={folderId} searching={search.length > 0} onOpen={openFolder} />
        <label className="relative block sm:w-72">
          <span className="sr-only">{t('searchFiles')}</span>
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <Input type="search" value={searchText} onChange={(event) => setSearchText(event.target.value)} placeholder={t('searchPlaceholder')} className="pl-9" />
        </label>
      </div>

      {scope === 'team' && (
        <p className="-mt-1 text-sm text-slate-500">{t('teamShared')}</p>
      )}
      {creatingFolder && <NewFolderForm scope={scope} parentId={folderId} onDone={() => setCreatingFolder(false)} />}
      <UploadProgressList items={uploads.progress} />
      <ImportPanel state={imports.state} onDismiss={imports.dismiss} />

      {isLoading ? (
        <div className="flex items-center justify-center gap-3 py-16 text-slate-500" role="status">
          <Spinner />
          {t('loading')}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {t('loadFailed', { reason: error.message })}
        </p>
      ) : empty && search ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('noNameMatch', { search })}</p>
      ) : empty ? (
        <EmptyState onUpload={pickFiles} team={scope === 'team'} />
      ) : view === 'grid' ? (
        <FileGrid key={listKey} folders={folders} files={files} handlers={handlers} paging={paging} />
      ) : (
        <FileList key={listKey} folders={folders} files={files} handlers={handlers} paging={paging} />
      )}
      {search && !selectionMode && <PassageResults query={search} onOpen={(r) => setPreview({ fileId: r.fileId, fileName: r.fileName, page: r.page, excerpt: r.snippet })} />}
      {hasNextPage && !isError && <LoadMore onLoad={() => void fetchNextPage()} loading={isFetchingNextPage} />}

      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-10 flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-genie-400 bg-genie-50/90">
          <p className="flex items-center gap-2 text-lg font-medium text-genie-700">
            <Upload aria-hidden className="h-6 w-6" /> {t('dropToUpload')}
          </p>
          {!selectionMode && <p className="mt-1 text-sm text-genie-700">{t('dropImports')}</p>}
        </div>
      )}

      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(event) => {
          uploadPicked(event.target.files);
          event.target.value = '';
        }}
      />
      <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
      <MoveDialog item={moving} start={{ scope, folderId }} onClose={() => setMoving(null)} />
      <DeleteItemDialog deletion={deletion} />
      <FilePreviewDialog target={preview} onClose={() => setPreview(null)} />
    </section>
  );
}
