import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@contract/languages';
import { PLANS } from '@contract/plan-catalogue';
import type { TeamRole } from '@contract/teams';
import { formatDate as formatInLanguage, formatNumber } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
// Registers the teams namespace, so these words are there wherever this module is used.
import '../texts';

/** The page's language, read when a text is written (it can change while the page is open). */
export const pageLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** "Nov 24, 2026" / "24. Nov. 2026" in the page's language. */
export const formatDate = (iso: string) => formatInLanguage(pageLanguage(), iso, { day: 'numeric', month: 'short', year: 'numeric' });

/** 12,345 / 12.345: a count of tokens in the page's language. */
export const formatTokens = (n: number) => formatNumber(pageLanguage(), n);

/** The plan's name from the catalogue (a name: the same in every language); no plan (or a lapsed one) is Free. */
export const planLabel = (plan: string | null) => PLANS.find((p) => p.id === plan)?.name ?? i18n.t('teams:free');

export const roleLabel = (role: TeamRole) => i18n.t(`teams:roles.${role}`);

/** "a member" / "an admin": how a sentence names a role. */
export const roleWithArticle = (role: TeamRole) => i18n.t(`teams:roleWithArticle.${role}`);
