import english from '@/locales/en/files.json';
import { featureTexts } from '@/lib/i18n/feature-texts';

/** The file manager's words (issue 44): namespace `files`, registered with the feature's chunk and in the server's drawing of /files. */
export const useFilesTexts = featureTexts('files', english);
