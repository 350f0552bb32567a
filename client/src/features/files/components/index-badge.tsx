import type { FileRecord } from '@contract/files';
import { cn } from '@/lib/utils';

const LABEL: Record<FileRecord['indexStatus'], string> = {
  pending: 'Waiting to index',
  indexing: 'Indexing…',
  indexed: 'Indexed',
  failed: 'Not indexed',
  unsupported: '',
};

/** The badge's id, for the file's button to be described by (its aria-label names the file only). */
export const indexBadgeId = (file: FileRecord) => `index-status-${file.id}`;

/** Whether a file shows a badge: an unsupported type (a photo, a zip) is simply not searchable. */
export const hasIndexBadge = (file: FileRecord) => LABEL[file.indexStatus] !== '';

/** Where a file stands in the search index; a failure shows its sentence on hover and to screen readers. */
export function IndexBadge({ file, className }: { file: FileRecord; className?: string }) {
  const label = LABEL[file.indexStatus];
  if (!label) return null;
  return (
    <span
      id={indexBadgeId(file)}
      data-testid="index-status"
      title={file.indexError ?? (file.indexStatus === 'indexed' ? 'Its text is searchable and can be cited in chat' : undefined)}
      className={cn(
        'inline-flex items-center rounded-full px-1.5 py-px text-[10px] font-medium leading-4',
        file.indexStatus === 'indexed' && 'bg-emerald-50 text-emerald-700',
        (file.indexStatus === 'pending' || file.indexStatus === 'indexing') && 'bg-slate-100 text-slate-600',
        file.indexStatus === 'failed' && 'bg-amber-50 text-amber-800',
        className,
      )}
    >
      {label}
      {file.indexStatus === 'failed' && file.indexError ? <span className="sr-only">: {file.indexError}</span> : null}
    </span>
  );
}
