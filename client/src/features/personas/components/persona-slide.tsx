import type { Persona } from '@contract/personas';
import { PersonaAvatar, PoweredBy, SpecialtyList, TraitChips } from './persona-details';
import { usePersonasTexts } from '../texts';

/** One carousel slide: emoji, name, title, tagline, description, personality, specialties, model. */
export function PersonaSlide({ persona, model, active }: { persona: Persona; model: string; active: boolean }) {
  const { t } = usePersonasTexts();
  return (
    <article
      aria-roledescription={t('roleSlide')}
      aria-label={persona.name}
      aria-hidden={!active}
      inert={!active}
      className="w-full shrink-0 px-1 sm:px-4"
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-5 rounded-3xl border border-white/10 bg-white/[0.07] p-6 shadow-2xl backdrop-blur-md sm:p-8">
        <div className="flex flex-col items-center gap-3 text-center sm:flex-row sm:items-center sm:gap-6 sm:text-left">
          <PersonaAvatar persona={persona} />
          <div className="min-w-0">
            <h2 className="text-3xl font-black tracking-tight text-white sm:text-4xl">{persona.name}</h2>
            <p className="bg-gradient-to-r from-amber-200 to-pink-200 bg-clip-text text-sm font-semibold uppercase tracking-[0.2em] text-transparent">
              {persona.title}
            </p>
            <p className="mt-1 text-lg italic text-white/85">“{persona.tagline}”</p>
          </div>
        </div>
        <p className="text-sm leading-relaxed text-white/75 sm:text-base">{persona.description}</p>
        <TraitChips traits={persona.traits} label={t('personality')} />
        <SpecialtyList specialties={persona.specialties} />
        <div className="flex justify-center sm:justify-start">
          <PoweredBy model={model} />
        </div>
      </div>
    </article>
  );
}
