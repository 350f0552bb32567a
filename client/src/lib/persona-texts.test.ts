import { afterEach, describe, expect, it } from 'vitest';
import { PERSONAS } from '@contract/personas';
import english from '@/locales/en/personas.json';
import { applyLanguage, i18n } from '@/lib/i18n/i18n';
import { personaInLanguage } from './persona-texts';

const fields = ['title', 'tagline', 'description', 'traits', 'specialties', 'samplePrompts', 'sampleResponse', 'greetingPhrases', 'thinkingPhrases'] as const;

describe('persona texts', () => {
  afterEach(async () => applyLanguage('en'));

  it('repeat SPEC’s English of contract/personas.ts word for word', () => {
    for (const persona of PERSONAS) {
      const profile = english.profiles[persona.id];
      for (const field of fields) expect(profile[field], `${persona.id}.${field}`).toEqual(persona[field]);
    }
  });

  it('give a persona its words in the page’s language and keep its name', async () => {
    const gino = PERSONAS.find((persona) => persona.id === 'gino')!;
    await applyLanguage('de');
    const german = personaInLanguage(gino, i18n.getFixedT('de', 'personas'));
    expect(german.name).toBe('Gino');
    expect(german.title).toBe('Der professionelle Stratege');
    expect(german.thinkingPhrases).toHaveLength(gino.thinkingPhrases.length);
    expect(personaInLanguage(gino, i18n.getFixedT('en', 'personas'))).toEqual(gino);
  });
});
