import english from '@/locales/en/personas.json';
import { featureTexts } from '@/lib/i18n/feature-texts';

/**
 * The persona screens' words (issue 44): the carousel, the details and the tour. The personas'
 * own words (title, tagline, ...) are in the same namespace, read through @/lib/persona-texts.
 */
export const usePersonasTexts = featureTexts('personas', english);
