import english from '@/locales/en/admin.json';
import { featureTexts } from '@/lib/i18n/feature-texts';

/** The admin console's words (issue 44): namespace `admin`, registered with the console's chunk. */
export const useAdminTexts = featureTexts('admin', english);
