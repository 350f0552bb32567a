import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** SPEC §2 Browse Files: the file browser in selection mode, in a modal. */
export function BrowseFilesDialog({ open, onOpenChange, children }: { open: boolean; onOpenChange(open: boolean): void; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[85vh] w-[calc(100%-1.5rem)] max-w-5xl flex-col gap-3 p-4 sm:p-6">
        <div className="pr-8">
          <DialogTitle>Attach a file</DialogTitle>
          <DialogDescription>Pick a file from your library to attach it to your next message.</DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-auto">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
