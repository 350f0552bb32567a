import { CheckCircle2, TriangleAlert, X } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import type { ImportState } from '../hooks/use-import';
import { writtenCount } from '../lib/written-count';
import { useFilesTexts } from '../texts';

/** Skipped entries drawn at most; a ZIP of 2,000 refused names would be a page of its own. */
const SKIPPED_SHOWN = 50;

const frame = 'rounded-xl border border-genie-100 bg-genie-50/60 p-3 text-sm';

function Working({ text, percent }: { text: string; percent?: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 font-medium text-genie-800">
        <Spinner className="h-4 w-4" />
        {text}
      </p>
      {percent !== undefined && (
        <div className="flex items-center gap-3">
          <Progress value={percent} label={text} className="flex-1" />
          <span className="w-10 text-right text-xs tabular-nums text-slate-500">{percent}%</span>
        </div>
      )}
    </div>
  );
}

function Dismiss({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useFilesTexts();
  return (
    <button
      type="button"
      onClick={onDismiss}
      aria-label={t('import.dismiss')}
      className="ml-auto inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-white hover:text-slate-900"
    >
      <X aria-hidden className="h-4 w-4" />
    </button>
  );
}

/**
 * A bulk import as it runs (reading, uploading, unpacking, file n of m) and, once done, what it
 * imported and what it skipped and why, until dismissed.
 */
export function ImportPanel({ state, onDismiss }: { state: ImportState; onDismiss: () => void }) {
  const { t, i18n } = useFilesTexts();
  if (state.phase === 'idle') return null;
  const count = (value: number) => ({ count: value, n: writtenCount(i18n.language, value) });
  const body = (() => {
    switch (state.phase) {
      case 'reading':
        return <Working text={t('import.reading', { name: state.name })} />;
      case 'uploading':
        return <Working text={t('import.uploading', { name: state.name })} percent={Math.round(state.fraction * 100)} />;
      case 'unpacking':
        return <Working text={t('import.unpacking', { name: state.name })} />;
      case 'importing':
        return (
          <Working
            text={t('import.importing', { name: state.name, done: writtenCount(i18n.language, state.done), ...count(state.total) })}
            percent={state.total === 0 ? 100 : Math.round((state.done / state.total) * 100)}
          />
        );
      case 'failed':
        return (
          <div className="flex items-start gap-2" role="alert">
            <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
            <p className="text-red-700">{t('import.failed', { name: state.name, reason: state.error })}</p>
            <Dismiss onDismiss={onDismiss} />
          </div>
        );
      case 'done': {
        const { files, folders, skipped, stopped } = state.outcome;
        const hidden = skipped.length - SKIPPED_SHOWN;
        return (
          <div className="flex flex-col gap-2">
            <div className="flex items-start gap-2">
              <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
              <div>
                <p className="font-medium text-genie-800" data-testid="import-result">
                  {t('import.imported', { name: state.name, files: t('import.fileCount', count(files.length)), folders: t('import.folderCount', count(folders)) })}
                </p>
                {files.length > 0 && <p className="text-slate-600">{t('import.indexedAlone')}</p>}
              </div>
              <Dismiss onDismiss={onDismiss} />
            </div>
            {stopped && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-red-700">
                {t('import.stopped', { reason: stopped })}
              </p>
            )}
            {skipped.length > 0 && (
              <div>
                <p className="font-medium text-slate-800">{t('import.skipped', count(skipped.length))}</p>
                <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto pr-1" data-testid="import-skipped">
                  {skipped.slice(0, SKIPPED_SHOWN).map((item, index) => (
                    <li key={`${index}-${item.path}`} className="break-words text-slate-600">
                      <span className="font-medium text-slate-800">{item.path}</span>: {item.reason}
                    </li>
                  ))}
                  {hidden > 0 && <li className="text-slate-500">{t('import.more', count(hidden))}</li>}
                </ul>
              </div>
            )}
          </div>
        );
      }
    }
  })();
  return (
    <section aria-label={t('import.panel')} aria-live="polite" className={frame} data-testid="import-panel">
      {body}
    </section>
  );
}
