import type { SystemResponse } from '@contract/admin';
import { cn } from '@/lib/utils';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';

type LocalModel = NonNullable<SystemResponse['localModels']>[number];

const STATE_DOT: Record<LocalModel['state'], string> = {
  not_loaded: 'bg-slate-400',
  loading: 'bg-amber-400',
  loaded: 'bg-emerald-500',
  failed: 'bg-red-500',
};

/** Models Genie runs itself (`local:<file.gguf>`): state, context, threads, speed and memory. */
export function LocalModelsPanel({ models }: { models: LocalModel[] }) {
  const { t, i18n } = useAdminTexts();
  const { number } = adminFormats(i18n.language);
  return (
    <section className="mt-6" aria-labelledby="local-models-heading">
      <h3 id="local-models-heading" className="mb-3 text-sm font-semibold text-slate-700">
        {t('localModels.title')}
      </h3>
      <ul className="grid grid-cols-1 gap-3">
        {models.map((model) => (
          <li key={model.file} className="rounded-xl border border-slate-200 p-4" data-testid="system-local-model">
            <div className="flex items-start gap-3">
              <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', STATE_DOT[model.state])} aria-hidden="true" />
              <div className="min-w-0">
                <p className="break-all font-medium">{model.file}</p>
                <p className="text-sm font-semibold">{t(`localModels.state.${model.state}`)}</p>
                {model.error && <p className="mt-1 break-words text-xs text-red-600">{model.error}</p>}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
              <Fact label={t('localModels.context')} value={t('localModels.contextValue', { tokens: number(model.contextSize) })} />
              <Fact label={t('localModels.threads')} value={number(model.threads)} />
              <Fact
                label={t('localModels.speed')}
                value={model.tokensPerSecond === null ? t('localModels.noReplies') : t('localModels.speedValue', { tokens: number(model.tokensPerSecond) })}
              />
              <Fact label={t('localModels.memory')} value={model.memoryBytes > 0 ? t('localModels.megabytes', { size: number(Math.round(model.memoryBytes / 1_048_576)) }) : '—'} />
              <Fact label={t('localModels.running')} value={`${model.running} / ${model.waiting}`} />
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
