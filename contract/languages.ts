import { z } from 'zod';

/** The languages Genie speaks (issue 44). English is the source: SPEC's texts are its English. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the switches list them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

export const languageSchema = z.enum(LANGUAGES, { error: 'Language must be one of en, de, fr, es' });

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** PATCH /api/user/profile: the account's language; the answer repeats it. */
export const languageBodySchema = z.object({ language: languageSchema });
export type LanguageBody = z.infer<typeof languageBodySchema>;
