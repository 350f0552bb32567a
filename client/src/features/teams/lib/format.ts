import { PLANS } from '@contract/plan-catalogue';
import type { TeamRole } from '@contract/teams';

/** "24 Nov 2026" in the reader's own locale. */
export const formatDate = (iso: string) => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** The plan's name from the catalogue; no plan (or a lapsed one) is Free. */
export const planLabel = (plan: string | null) => PLANS.find((p) => p.id === plan)?.name ?? 'Free';

export const ROLE_LABEL: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** "a member" / "an admin": how a sentence names a role. */
export const roleWithArticle = (role: TeamRole) => (role === 'member' ? 'a member' : role === 'admin' ? 'an admin' : 'the owner');
