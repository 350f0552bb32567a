import { applyUpdate, useWaitingUpdate } from '../lib/service-worker';
import { usePwaTexts } from '../texts';

/** Shown when a new version of Genie was deployed and its worker is waiting (issue 44). */
export function UpdatePrompt() {
  const { t } = usePwaTexts();
  const waiting = useWaitingUpdate();
  if (!waiting) return null;
  return (
    <div role="status" className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg">
      <p className="min-w-0 flex-1">{t('updateAvailable')}</p>
      <button type="button" onClick={applyUpdate} className="rounded-lg bg-genie-600 px-3 py-1.5 font-medium text-white hover:bg-genie-700">
        {t('reload')}
      </button>
    </div>
  );
}
