import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TeamAuditKind, TeamAuditPage } from '@contract/team-audit';
import { getJson } from '@/lib/request';

export interface TeamAuditFilters {
  /** A member's user id, or '' for everyone. */
  person: string;
  kind: TeamAuditKind | '';
}

/** GET /api/team/audit with the filters (and, for CSV, format=csv): the one place that builds the URL. */
export function teamAuditUrl(filters: TeamAuditFilters, extra: { cursor?: string | null; csv?: boolean } = {}) {
  const params = new URLSearchParams();
  if (filters.person) params.set('person', filters.person);
  if (filters.kind) params.set('kind', filters.kind);
  if (extra.cursor) params.set('cursor', extra.cursor);
  if (extra.csv) params.set('format', 'csv');
  const query = params.toString();
  return `/api/team/audit${query ? `?${query}` : ''}`;
}

export const TEAM_AUDIT_KEY = ['team-audit'] as const;

export const teamAuditQueryOptions = (filters: TeamAuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...TEAM_AUDIT_KEY, filters],
    queryFn: ({ pageParam }) => getJson<TeamAuditPage>(teamAuditUrl(filters, { cursor: pageParam })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useTeamAudit = (filters: TeamAuditFilters) => useInfiniteQuery(teamAuditQueryOptions(filters));
