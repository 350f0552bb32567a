import { CloudUpload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useFilesTexts } from '../texts';

/** SPEC §2's empty state; the team library's says that what goes there is shared. */
export function EmptyState({ onUpload, team = false }: { onUpload: () => void; team?: boolean }) {
  const { t } = useFilesTexts();
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 bg-white px-6 py-16 text-center">
      <span className="mb-4 inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-genie-50 text-genie-600">
        <CloudUpload aria-hidden className="h-8 w-8" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{team ? t('empty.teamTitle') : t('empty.title')}</h2>
      <p className="mt-1 max-w-xs text-sm text-slate-500">
        {team ? t('empty.teamText') : t('empty.text')}
      </p>
      <Button className="mt-6" onClick={onUpload}>
        {t('empty.uploadFirst')}
      </Button>
      <p className="mt-3 text-xs text-slate-500">{t('empty.orDrop')}</p>
    </div>
  );
}
