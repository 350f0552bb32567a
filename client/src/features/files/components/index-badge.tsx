import type { FileRecord } from '@contract/files';
import { cn } from '@/lib/utils';
import { useFilesTexts } from '../texts';

/** The badge's text key in `files` (index.*); an unsupported type has none. */
const LABEL: Record<FileRecord['indexStatus'], string> = {
  pending: 'index.pending',
  indexing: 'index.indexing',
  indexed: 'index.indexed',
  failed: 'index.failed',
  unsupported: '',
};

/** The badge's id, for the file's button to be described by (its aria-label names the file only). */
export const indexBadgeId = (file: FileRecord) => `index-status-${file.id}`;

/** Whether a file shows a badge: an unsupported type (a photo, a zip) is simply not searchable. */
export const hasIndexBadge = (file: FileRecord) => LABEL[file.indexStatus] !== '';

/** Where a file stands in the search index; a failure shows its sentence on hover and to screen readers. */
export function IndexBadge({ file, className }: { file: FileRecord; className?: string }) {
  const { t } = useFilesTexts();
  const label = LABEL[file.indexStatus];
  if (!label) return null;
  return (
    <span
      id={indexBadgeId(file)}
      data-testid="index-status"
      title={file.indexError ?? (file.indexStatus === 'indexed' ? t('index.searchable') : undefined)}
      className={cn(
        'inline-flex items-center rounded-full px-1.5 py-px text-[10px] font-medium leading-4',
        file.indexStatus === 'indexed' && 'bg-emerald-50 text-emerald-700',
        (file.indexStatus === 'pending' || file.indexStatus === 'indexing') && 'bg-slate-100 text-slate-600',
        file.indexStatus === 'failed' && 'bg-amber-50 text-amber-800',
        className,
      )}
    >
      {t(label)}
      {file.indexStatus === 'failed' && file.indexError ? <span className="sr-only">: {file.indexError}</span> : null}
    </span>
  );
}
