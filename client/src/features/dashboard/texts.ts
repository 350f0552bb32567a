import english from '@/locales/en/dashboard.json';
import { featureTexts } from '@/lib/i18n/feature-texts';

/** /app's words (issue 44): namespace `dashboard`, registered with the dashboard's chunk. */
export const useDashboardTexts = featureTexts('dashboard', english);
