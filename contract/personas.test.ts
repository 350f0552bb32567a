import { describe, expect, it } from 'vitest';
import { COMPANION_WORD, getPersona, PERSONAS, personaIdSchema, personaOrDefault } from './personas';

describe('personas', () => {
  it('are the four of SPEC §3, the default named with the companion word in capitals', () => {
    expect(PERSONAS.map((p) => p.id)).toEqual(['default', 'gino', 'gina', 'g']);
    expect(getPersona('default').name).toBe('GENIE');
    expect(COMPANION_WORD).toBe('Genie');
  });

  it('write every field out, with three sample prompts and four greeting phrases', () => {
    for (const p of PERSONAS) {
      for (const text of [p.name, p.emoji, p.title, p.tagline, p.description, p.modelLabel, p.gradient, p.sampleResponse, p.themeAccent]) {
        expect(text.trim()).not.toBe('');
      }
      expect(p.accentColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.gradient).toMatch(/^from-[a-z]+-\d{3} to-[a-z]+-\d{3}$/);
      expect(p.samplePrompts).toHaveLength(3);
      expect(p.greetingPhrases).toHaveLength(4);
      expect(p.thinkingPhrases.length).toBeGreaterThanOrEqual(4);
      expect(p.traits.length).toBeGreaterThanOrEqual(3);
      expect(p.specialties.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(PERSONAS.map((p) => p.tagline)).size).toBe(4);
    expect(new Set(PERSONAS.map((p) => p.accentColor)).size).toBe(4);
  });

  it('validate ids and fall back to the default for a stale stored choice', () => {
    expect(personaIdSchema.safeParse('gina').success).toBe(true);
    expect(personaIdSchema.safeParse('merlin').success).toBe(false);
    expect(personaOrDefault('merlin').id).toBe('default');
    expect(personaOrDefault('g').name).toBe('G');
  });
});
