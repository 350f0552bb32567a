import { FileArchive, FolderInput, FolderUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useFilesTexts } from '../texts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** Marks an input as a folder picker; React's types know no `webkitdirectory`, so it is set on the element. */
const folderPicker = (input: HTMLInputElement | null) => {
  input?.setAttribute('webkitdirectory', '');
  input?.setAttribute('directory', '');
};

/**
 * The Import button: a ZIP unpacked into folders, or a whole folder with its subfolders (the
 * same as dropping either on the file manager).
 */
export function ImportMenu({ busy, onZip, onFolder }: { busy: boolean; onZip: (file: File) => void; onFolder: (files: File[]) => void }) {
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const { t } = useFilesTexts();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={busy} className="flex-1 sm:flex-none">
            <FolderInput aria-hidden />
            {t('import.button')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => zipInput.current?.click()}>
            <FileArchive aria-hidden />
            {t('import.zip')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => folderInput.current?.click()}>
            <FolderUp aria-hidden />
            {t('import.folder')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="zip-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onZip(file);
          event.target.value = '';
        }}
      />
      <input
        ref={(input) => {
          folderInput.current = input;
          folderPicker(input);
        }}
        type="file"
        multiple
        hidden
        data-testid="folder-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) onFolder(files);
          event.target.value = '';
        }}
      />
    </>
  );
}
