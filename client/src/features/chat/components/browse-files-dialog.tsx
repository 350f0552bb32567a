import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useChatTexts } from '../texts';

/** SPEC §2 Browse Files: the file browser in selection mode, in a modal. */
export function BrowseFilesDialog({ open, onOpenChange, children }: { open: boolean; onOpenChange(open: boolean): void; children: ReactNode }) {
  const { t } = useChatTexts();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[85vh] w-[calc(100%-1.5rem)] max-w-5xl flex-col gap-3 p-4 sm:p-6">
        {/* A slim label: the file browser below brings its own "File Manager" header (SPEC §2). */}
        <div className="flex min-h-6 items-center pr-8">
          <DialogTitle className="text-xs font-semibold uppercase tracking-[0.16em] text-genie-700">{t('browse.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('browse.description')}</DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-auto">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
