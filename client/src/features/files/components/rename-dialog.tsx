import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { useUpdateFile } from '../api/update-file';
import { useUpdateFolder } from '../api/update-folder';
import { nameOf, type BrowserItem } from './item-actions';
import { useFilesTexts } from '../texts';

export function RenameDialog({ item, onClose }: { item: BrowserItem | null; onClose: () => void }) {
  const { t } = useFilesTexts();
  const [name, setName] = useState('');
  const updateFile = useUpdateFile();
  const updateFolder = useUpdateFolder();
  useEffect(() => setName(item ? nameOf(item) : ''), [item]);

  const submit = () => {
    const trimmed = name.trim();
    if (!item || !trimmed) return;
    const handlers = {
      onSuccess: () => {
        toast({ title: t('rename.renamed'), description: t('rename.renamedText', { name: trimmed }) });
        onClose();
      },
      onError: (error: Error) => toast({ title: t('rename.failed'), description: errorSentence(error), variant: 'destructive' }),
    };
    if (item.kind === 'file') updateFile.mutate({ id: item.file.id, originalName: trimmed }, handlers);
    else updateFolder.mutate({ id: item.folder.id, name: trimmed }, handlers);
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{item?.kind === 'folder' ? t('rename.folderTitle') : t('rename.fileTitle')}</DialogTitle>
        <DialogDescription>{t('rename.text', { name: item ? nameOf(item) : '' })}</DialogDescription>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Input autoFocus aria-label={t('rename.newName')} value={name} maxLength={255} onChange={(event) => setName(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('rename.cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim() || updateFile.isPending || updateFolder.isPending}>
              {t('rename.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
