import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { useDeleteFile } from '../api/delete-file';
import { useDeleteFolder } from '../api/delete-folder';
import type { BrowserItem } from './item-actions';
import { useFilesTexts } from '../texts';
import { writtenCount } from '../lib/written-count';

/**
 * Deleting asks first, for a file as for a folder (issue 18: a file went at once, one stray click
 * away). A file then goes with SPEC §8's 'File deleted successfully!' or 'Failed to delete file';
 * a folder takes everything inside it, which its question says.
 */
export function useDeleteItem() {
  const { t, i18n } = useFilesTexts();
  const deleteFile = useDeleteFile();
  const deleteFolder = useDeleteFolder();
  const [pending, setPending] = useState<BrowserItem | null>(null);

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'file') {
      deleteFile.mutate(pending.file.id, {
        onSuccess: () => {
          toast({ title: t('delete.fileDeleted') });
          setPending(null);
        },
        onError: (error) => toast({ title: t('delete.fileFailed'), description: errorSentence(error), variant: 'destructive' }),
      });
      return;
    }
    const folder = pending.folder;
    deleteFolder.mutate(folder.id, {
      onSuccess: (result) => {
        toast({
          title: t('delete.folderDeleted'),
          description: t('delete.folderDeletedText', { name: folder.name, count: result.deletedFiles, n: writtenCount(i18n.language, result.deletedFiles) }),
        });
        setPending(null);
      },
      onError: (error) => toast({ title: t('delete.folderFailed'), description: errorSentence(error), variant: 'destructive' }),
    });
  };

  return { request: setPending, pending, confirm, cancel: () => setPending(null), busy: deleteFolder.isPending || deleteFile.isPending };
}

export function DeleteItemDialog({ deletion }: { deletion: ReturnType<typeof useDeleteItem> }) {
  const { t } = useFilesTexts();
  const item = deletion.pending;
  const isFolder = item?.kind === 'folder';
  const name = item ? (item.kind === 'folder' ? item.folder.name : item.file.originalName) : '';
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && deletion.cancel()}>
      <DialogContent>
        <DialogTitle>{isFolder ? t('delete.folderTitle', { name }) : t('delete.fileTitle', { name })}</DialogTitle>
        <DialogDescription>{isFolder ? t('delete.folderText') : t('delete.fileText')}</DialogDescription>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={deletion.cancel}>
            {t('delete.cancel')}
          </Button>
          <Button variant="destructive" onClick={deletion.confirm} disabled={deletion.busy}>
            {isFolder ? t('delete.deleteFolder') : t('delete.deleteFile')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
