import type { Db } from '../../db/database';
import { conversationsRepository } from './conversations.repository';

/**
 * For the team-controls retention job (issue 43): erases a team's members' unpinned conversations
 * last active before `cutoff`, through this module's repository (the one writer of conversations).
 */
export function eraseStaleConversations(db: Db, teamId: string, cutoff: Date): Promise<number> {
  return conversationsRepository.eraseStale(db, teamId, cutoff);
}
