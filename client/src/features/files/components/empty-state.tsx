import { CloudUpload } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** SPEC §2's empty state; the team library's says that what goes there is shared. */
export function EmptyState({ onUpload, team = false }: { onUpload: () => void; team?: boolean }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 bg-white px-6 py-16 text-center">
      <span className="mb-4 inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-genie-50 text-genie-600">
        <CloudUpload aria-hidden className="h-8 w-8" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{team ? 'No team files yet' : 'No files yet'}</h2>
      <p className="mt-1 max-w-xs text-sm text-slate-500">
        {team ? 'Files and folders you add here are shared with everyone in your team' : 'Upload files or create folders to get started'}
      </p>
      <Button className="mt-6" onClick={onUpload}>
        Upload Your First Files
      </Button>
      <p className="mt-3 text-xs text-slate-500">or drag and drop files anywhere here</p>
    </div>
  );
}
