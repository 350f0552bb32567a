import { describe, expect, it } from 'vitest';
import { USE_CASES } from '@contract/use-cases';
import english from '@/locales/en/landing.json';

// The use-case cards and the demo form's dropdown say landing.json's useCases.<value>.title.
describe('use case texts', () => {
  it('are, in English, SPEC’s six use cases as the contract names them', () => {
    expect(USE_CASES.map(({ value }) => english.useCases[value].title)).toEqual(USE_CASES.map(({ label }) => label));
  });
});
