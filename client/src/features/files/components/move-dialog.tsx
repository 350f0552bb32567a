import { ChevronRight, Home } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { useBreadcrumbs } from '../api/get-breadcrumbs';
import { useFileList } from '../api/get-files';
import { useUpdateFile } from '../api/update-file';
import { useUpdateFolder } from '../api/update-folder';
import { FolderIcon } from './file-icon';
import { nameOf, type BrowserItem } from './item-actions';
import type { FilePlace } from '@contract/file-places';
import { LibraryTabs } from './library-tabs';
import { useFilesTexts } from '../texts';

/**
 * A small folder picker: browse from Home, then move the item into the folder shown. A file may
 * also change library ("My files" or "Team"); a folder moves within its own.
 */
export function MoveDialog({ item, start, onClose }: { item: BrowserItem | null; start: FilePlace; onClose: () => void }) {
  const { t } = useFilesTexts();
  const [target, setTarget] = useState<FilePlace>(start);
  useEffect(() => setTarget(start), [item, start.scope, start.folderId]);
  // Closed, it asks for nothing: it is always mounted, and the page's own list is a different query.
  const { data, isLoading } = useFileList({ scope: target.scope, folderId: target.folderId, search: '' }, { enabled: item !== null });
  const { data: crumbs = [] } = useBreadcrumbs(item === null ? null : target.folderId);
  const updateFile = useUpdateFile();
  const updateFolder = useUpdateFolder();
  // A folder cannot go inside itself: it is left out of the choices.
  const choices = (data?.folders ?? []).filter((folder) => item?.kind !== 'folder' || folder.id !== item.folder.id);
  const open = (folderId: string | null) => setTarget({ scope: target.scope, folderId });
  const libraryName = target.scope === 'team' ? t('team') : t('myFiles');

  const move = () => {
    if (!item) return;
    const handlers = {
      onSuccess: () => {
        toast({ title: t('move.moved'), description: t('move.movedText', { name: nameOf(item), place: crumbs.at(-1)?.name ?? libraryName }) });
        onClose();
      },
      onError: (error: Error) => toast({ title: t('move.failed'), description: errorSentence(error), variant: 'destructive' }),
    };
    // Into a folder, the folder says which library; to a Home, the tab does.
    if (item.kind === 'file') updateFile.mutate(target.folderId ? { id: item.file.id, folderId: target.folderId } : { id: item.file.id, folderId: null, scope: target.scope }, handlers);
    else updateFolder.mutate({ id: item.folder.id, parentId: target.folderId }, handlers);
  };

  return (
    <Dialog open={item !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>{t('move.title', { name: item ? nameOf(item) : '' })}</DialogTitle>
        <DialogDescription>{t('move.text')}</DialogDescription>
        {item?.kind === 'file' && <LibraryTabs scope={target.scope} onChange={(scope) => setTarget({ scope, folderId: null })} className="self-start" />}
        <nav aria-label={t('move.destination')} className="flex flex-wrap items-center gap-1 text-sm">
          <button type="button" className="inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-slate-100" onClick={() => open(null)}>
            <Home aria-hidden className="h-4 w-4" /> {t('home')}
          </button>
          {crumbs.map((crumb) => (
            <span key={crumb.id} className="inline-flex items-center gap-1">
              <ChevronRight aria-hidden className="h-4 w-4 text-slate-400" />
              <button type="button" className="rounded-md px-2 py-1 hover:bg-slate-100" onClick={() => open(crumb.id)}>
                {crumb.name}
              </button>
            </span>
          ))}
        </nav>
        <ul className="max-h-64 min-h-24 overflow-auto rounded-xl border border-slate-200">
          {isLoading && (
            <li className="flex justify-center p-6">
              <Spinner className="h-5 w-5" />
            </li>
          )}
          {!isLoading && choices.length === 0 && <li className="p-4 text-center text-sm text-slate-500">{t('move.noFolders')}</li>}
          {choices.map((folder) => (
            <li key={folder.id}>
              <button type="button" className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-genie-50" onClick={() => open(folder.id)}>
                <FolderIcon size="sm" />
                <span className="truncate">{folder.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('move.cancel')}
          </Button>
          <Button onClick={move} disabled={updateFile.isPending || updateFolder.isPending}>
            {t('move.here')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
