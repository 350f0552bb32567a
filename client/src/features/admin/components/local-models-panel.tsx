import type { SystemResponse } from '@contract/admin';
import { cn } from '@/lib/utils';

type LocalModel = NonNullable<SystemResponse['localModels']>[number];

const STATE_TEXT: Record<LocalModel['state'], string> = {
  not_loaded: 'Not loaded yet (loads on the first chat)',
  loading: 'Loading',
  loaded: 'Loaded',
  failed: 'Failed to load',
};
const STATE_DOT: Record<LocalModel['state'], string> = {
  not_loaded: 'bg-slate-400',
  loading: 'bg-amber-400',
  loaded: 'bg-emerald-500',
  failed: 'bg-red-500',
};

const number = (value: number) => value.toLocaleString('en-US');
const megabytes = (bytes: number) => `${number(Math.round(bytes / 1_048_576))} MB`;

/** Models Genie runs itself (`local:<file.gguf>`): state, context, threads, speed and memory. */
export function LocalModelsPanel({ models }: { models: LocalModel[] }) {
  return (
    <section className="mt-6" aria-labelledby="local-models-heading">
      <h3 id="local-models-heading" className="mb-3 text-sm font-semibold text-slate-700">
        Local model
      </h3>
      <ul className="grid grid-cols-1 gap-3">
        {models.map((model) => (
          <li key={model.file} className="rounded-xl border border-slate-200 p-4" data-testid="system-local-model">
            <div className="flex items-start gap-3">
              <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', STATE_DOT[model.state])} aria-hidden="true" />
              <div className="min-w-0">
                <p className="break-all font-medium">{model.file}</p>
                <p className="text-sm font-semibold">{STATE_TEXT[model.state]}</p>
                {model.error && <p className="mt-1 break-words text-xs text-red-600">{model.error}</p>}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
              <Fact label="Context" value={`${number(model.contextSize)} tokens`} />
              <Fact label="Threads" value={number(model.threads)} />
              <Fact label="Speed, last minute" value={model.tokensPerSecond === null ? 'No replies' : `${number(model.tokensPerSecond)} tokens/s`} />
              <Fact label="Memory" value={model.memoryBytes > 0 ? megabytes(model.memoryBytes) : '—'} />
              <Fact label="Writing / waiting" value={`${model.running} / ${model.waiting}`} />
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
