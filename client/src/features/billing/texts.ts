import english from '@/locales/en/billing.json';
import { featureTexts } from '@/lib/i18n/feature-texts';

/** The plan, invoice and receipt screens' words (issue 44): namespace `billing`. */
export const useBillingTexts = featureTexts('billing', english);
