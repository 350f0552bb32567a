import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '../current-user';
import { applyLanguage, i18n } from './i18n';

/**
 * Follows the signed-in account's language (issue 44) once the session is read by whichever page
 * reads it; `enabled: false` so this never asks for the session itself.
 */
export function AccountLanguage() {
  const { data } = useQuery({ ...meQueryOptions(), enabled: false });
  const language = data?.user.language ?? null;
  useEffect(() => {
    if (language && language !== i18n.language) void applyLanguage(language);
  }, [language]);
  return null;
}
