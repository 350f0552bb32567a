import { CheckCircle2, Loader2 } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import type { UploadProgress } from '../hooks/use-uploads';
import { useFilesTexts } from '../texts';

/** One progress bar per file of the pick being uploaded. */
export function UploadProgressList({ items }: { items: UploadProgress[] }) {
  const { t } = useFilesTexts();
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'done').length;
  return (
    <section aria-label={t('uploads.label')} className="rounded-xl border border-genie-100 bg-genie-50/60 p-3">
      <p className="mb-2 text-xs font-medium text-genie-800">{t('uploads.count', { done, total: items.length })}</p>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3" data-testid="upload-progress-item">
            {item.status === 'done' ? (
              <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0 text-emerald-600" />
            ) : (
              <Loader2 aria-hidden className="h-4 w-4 shrink-0 animate-spin text-genie-600" />
            )}
            <span className="w-32 truncate text-sm text-slate-700 sm:w-56" title={item.name}>
              {item.name}
            </span>
            <Progress value={Math.round(item.fraction * 100)} label={t('uploads.uploadingOf', { name: item.name })} className="flex-1" />
            <span className="w-10 text-right text-xs tabular-nums text-slate-500">{Math.round(item.fraction * 100)}%</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
