import { useState } from 'react';
import { plural } from '@contract/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { useDeleteFile } from '../api/delete-file';
import { useDeleteFolder } from '../api/delete-folder';
import type { BrowserItem } from './item-actions';

/**
 * Deleting asks first, for a file as for a folder (issue 18: a file went at once, one stray click
 * away). A file then goes with SPEC §8's 'File deleted successfully!' or 'Failed to delete file';
 * a folder takes everything inside it, which its question says.
 */
export function useDeleteItem() {
  const deleteFile = useDeleteFile();
  const deleteFolder = useDeleteFolder();
  const [pending, setPending] = useState<BrowserItem | null>(null);

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'file') {
      deleteFile.mutate(pending.file.id, {
        onSuccess: () => {
          toast({ title: 'File deleted successfully!' });
          setPending(null);
        },
        onError: (error) => toast({ title: 'Failed to delete file', description: errorSentence(error), variant: 'destructive' }),
      });
      return;
    }
    const folder = pending.folder;
    deleteFolder.mutate(folder.id, {
      onSuccess: (result) => {
        toast({ title: 'Folder deleted', description: `${folder.name} and ${plural(result.deletedFiles, 'file')} inside it were deleted` });
        setPending(null);
      },
      onError: (error) => toast({ title: 'Failed to delete folder', description: errorSentence(error), variant: 'destructive' }),
    });
  };

  return { request: setPending, pending, confirm, cancel: () => setPending(null), busy: deleteFolder.isPending || deleteFile.isPending };
}

export function DeleteItemDialog({ deletion }: { deletion: ReturnType<typeof useDeleteItem> }) {
  const item = deletion.pending;
  const isFolder = item?.kind === 'folder';
  const name = item ? (item.kind === 'folder' ? item.folder.name : item.file.originalName) : '';
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && deletion.cancel()}>
      <DialogContent>
        <DialogTitle>
          Delete {isFolder ? 'folder' : 'file'} “{name}”?
        </DialogTitle>
        <DialogDescription>
          {isFolder ? 'The folder and every file and folder inside it will be deleted.' : 'The file will be deleted from your library.'} This cannot be undone.
        </DialogDescription>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={deletion.cancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={deletion.confirm} disabled={deletion.busy}>
            {isFolder ? 'Delete folder' : 'Delete file'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
