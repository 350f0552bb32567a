import { FolderPlus } from 'lucide-react';
import type { FileScope } from '@contract/files';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { focusAfter } from '@/lib/focus-keeper';
import { useCreateFolder } from '../api/create-folder';
import { useFilesTexts } from '../texts';

/** SPEC §2/§5: the inline 'Folder name' input; Create or Enter creates, a blank name does nothing. */
export function NewFolderForm({ scope, parentId, onDone }: { scope: FileScope; parentId: string | null; onDone: () => void }) {
  const { t } = useFilesTexts();
  const [name, setName] = useState('');
  const createFolder = useCreateFolder();

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed || createFolder.isPending) return;
    createFolder.mutate(
      // Inside a folder the server takes the folder's library; at the top, the tab's.
      parentId ? { name: trimmed, parentId } : { name: trimmed, parentId, scope },
      {
        onSuccess: () => {
          toast({ title: t('newFolderForm.created') });
          setName('');
          onDone();
          // On to the new folder's tile, once the list has it (issue 44: focus fell to the body).
          focusAfter(() => document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(t('grid.openFolder', { name: trimmed }))}"]`));
        },
        onError: (error) => toast({ title: t('newFolderForm.failed'), description: errorSentence(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-2 rounded-xl border border-genie-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FolderPlus aria-hidden className="hidden h-5 w-5 shrink-0 text-genie-600 sm:block" />
      <Input autoFocus value={name} onChange={(event) => setName(event.target.value)} placeholder={t('newFolderForm.name')} aria-label={t('newFolderForm.name')} maxLength={255} className="sm:flex-1" />
      <div className="flex gap-2">
        <Button type="submit" disabled={createFolder.isPending} className="flex-1 sm:flex-none">
          {t('newFolderForm.create')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            onDone();
            focusAfter(() => document.querySelector<HTMLElement>('[data-action="new-folder"]'));
          }}
          className="flex-1 sm:flex-none"
        >
          {t('newFolderForm.cancel')}
        </Button>
      </div>
    </form>
  );
}
