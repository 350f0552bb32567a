import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { Persona } from '@contract/personas';
import english from '@/locales/en/personas.json';
import { registerEnglish, useTranslation } from '@/lib/i18n/i18n';

/**
 * The personas' words in the page's language (issue 44). SPEC's English lives in
 * contract/personas.ts, which the server's prompts also read; en/personas.json repeats it (a test
 * keeps the two equal) so de/fr/es can translate what a reader sees: title, tagline, description,
 * traits, specialties, sample prompts and reply, greeting and thinking phrases. Names are names and
 * stay. Shared by the chat and the persona screens, which may not import each other.
 */
registerEnglish('personas', english);

type TextField = 'title' | 'tagline' | 'description' | 'sampleResponse';
type ListField = 'traits' | 'specialties' | 'samplePrompts' | 'greetingPhrases' | 'thinkingPhrases';

/** `persona` with its shown words in `t`'s language; a word a language lacks stays English. */
export function personaInLanguage(persona: Persona, t: TFunction<'personas'>): Persona {
  const text = (field: TextField): string => t(`profiles.${persona.id}.${field}`, { defaultValue: persona[field] });
  const list = <F extends ListField>(field: F): Persona[F] => {
    const translated: unknown = t(`profiles.${persona.id}.${field}`, { returnObjects: true });
    const same = Array.isArray(translated) && translated.length === persona[field].length && translated.every((item) => typeof item === 'string');
    return same ? (translated as Persona[F]) : persona[field];
  };
  return {
    ...persona,
    title: text('title'),
    tagline: text('tagline'),
    description: text('description'),
    sampleResponse: text('sampleResponse'),
    traits: list('traits'),
    specialties: list('specialties'),
    samplePrompts: list('samplePrompts'),
    greetingPhrases: list('greetingPhrases'),
    thinkingPhrases: list('thinkingPhrases'),
  };
}

/** The persona as the reader sees it, in the page's language; the same object until the language changes. */
export function usePersonaInLanguage(persona: Persona): Persona {
  const { t, i18n } = useTranslation('personas');
  return useMemo(() => personaInLanguage(persona, t), [persona, t, i18n.language]);
}

/** The personas of a list (the carousel's, the tour's), each in the page's language. */
export function usePersonasInLanguage(personas: readonly Persona[]): readonly Persona[] {
  const { t, i18n } = useTranslation('personas');
  return useMemo(() => personas.map((persona) => personaInLanguage(persona, t)), [personas, t, i18n.language]);
}
