import english from '@/locales/en/teams.json';
import { featureTexts } from '@/lib/i18n/feature-texts';

/** The team screen's, the invitation screen's and the remove-members dialog's words (locales/<lang>/teams.json). */
export const useTeamsTexts = featureTexts('teams', english);
