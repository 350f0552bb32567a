import { actionsOfKind, TEAM_AUDIT_ACTIONS, TEAM_AUDIT_CSV_MAX, TEAM_AUDIT_KIND_NAMES, type TeamAuditPage, type TeamAuditQuery } from '@contract/team-audit';
import type { TeamRole } from '@contract/teams';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { decodeCursor, paged } from '../admin/admin-cursor';
import { recordTeamEvent } from '../admin/audit-log';
import { teamAuditRepository } from './team-audit.repository';
import { toTeamAuditEntry } from './team-audit-summary';
import { teamControlsRepository } from './team-controls.repository';
import { csvLine } from './usage-cost';

const managers: readonly TeamRole[] = ['owner', 'admin'];
const ALL_ACTIONS = Object.keys(TEAM_AUDIT_ACTIONS);

/**
 * The team audit (issue 43): the caller's team's events, for its owner and admins only. The team
 * is always the caller's own, read from the database, so no id in a request reaches another's.
 */
export function createTeamAuditService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function managedTeamId(userId: string) {
    const me = await teamControlsRepository.membershipWithPolicy(db, userId);
    if (!me) throw notFound('Your account');
    if (!managers.includes(me.role)) throw new AppError('forbidden', "Only the team's owner and admins can see the team's audit.");
    return me.teamId;
  }

  const actionsFor = (query: Pick<TeamAuditQuery, 'kind'>) => (query.kind ? actionsOfKind(query.kind) : ALL_ACTIONS);

  return {
    async page(userId: string, query: TeamAuditQuery): Promise<TeamAuditPage> {
      const teamId = await managedTeamId(userId);
      const rows = await teamAuditRepository.page(db, teamId, { actions: actionsFor(query), person: query.person, cursor: decodeCursor(query.cursor), limit: query.limit });
      const { page, nextCursor } = paged(rows, query.limit);
      return { entries: page.map(toTeamAuditEntry), nextCursor };
    },

    /** The newest TEAM_AUDIT_CSV_MAX entries matching the filter as CSV; the download is itself an event. */
    async csv(userId: string, query: Pick<TeamAuditQuery, 'kind' | 'person'>): Promise<string> {
      const teamId = await managedTeamId(userId);
      const rows = await teamAuditRepository.page(db, teamId, { actions: actionsFor(query), person: query.person, limit: TEAM_AUDIT_CSV_MAX });
      await recordTeamEvent(db, { action: 'team_audit_exported', actorUserId: userId, teamId, details: { kind: query.kind ?? null, person: query.person ?? null }, at: clock.now() });
      const lines = [csvLine(['at', 'kind', 'action', 'actorId', 'actor', 'targetId', 'target', 'summary'])];
      for (const entry of rows.slice(0, TEAM_AUDIT_CSV_MAX).map(toTeamAuditEntry)) {
        lines.push(
          csvLine([entry.at, TEAM_AUDIT_KIND_NAMES[entry.kind], entry.action, entry.actor?.userId ?? null, entry.actor?.name ?? 'Genie', entry.target?.userId ?? null, entry.target?.name ?? null, entry.summary]),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type TeamAuditService = ReturnType<typeof createTeamAuditService>;
