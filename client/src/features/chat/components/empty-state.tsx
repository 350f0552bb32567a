import type { Persona } from '@contract/personas';
import { PersonaBadge } from './message-bubble';
import { useChatTexts } from '../texts';

/** SPEC §2 empty state: the persona's tagline, 'Start by typing a message below', a change-persona link. */
export function EmptyState({ persona, onChangePersona, onPickPrompt }: { persona: Persona; onChangePersona(): void; onPickPrompt(prompt: string): void }) {
  const { t } = useChatTexts();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center sm:py-16">
      <PersonaBadge persona={persona} className="h-20 w-20 rounded-3xl text-4xl shadow-xl" />
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{persona.name}</h2>
        <p className="mt-1 text-lg italic text-slate-600">{persona.tagline}</p>
      </div>
      <p className="text-sm text-slate-500">{t('empty.start')}</p>
      <button type="button" onClick={onChangePersona} className="text-sm font-medium text-genie-700 underline-offset-4 hover:underline">
        {t('sidebar.changePersona')}
      </button>
      <ul className="mt-2 grid w-full gap-2 sm:grid-cols-3">
        {persona.samplePrompts.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => onPickPrompt(prompt)}
              className="h-full w-full rounded-xl border border-slate-200 bg-white p-3 text-left text-sm text-slate-700 shadow-sm transition hover:border-genie-300 hover:shadow"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
