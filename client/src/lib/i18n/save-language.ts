import type { Language, LanguageBody } from '@contract/languages';
import { queryClient } from '../query-client';
import { meQueryOptions } from '../current-user';
import { apiRequest } from '../request';

/** PATCH /api/user/profile: keeps the language on the account, and in the cached current user. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  const saved = (await (await apiRequest('PATCH', '/api/user/profile', { language })).json()) as LanguageBody;
  queryClient.setQueryData(meQueryOptions().queryKey, (me) => (me ? { user: { ...me.user, language: saved.language } } : me));
}
