import type { Db } from '../../db/database';
import { conversationWrites } from './conversation-writes';

/**
 * For the team-controls retention job (issue 43): erases a team's members' unpinned conversations
 * last active before `cutoff`, through conversation-writes.ts (the one writer of conversations).
 */
export function eraseStaleConversations(db: Db, teamId: string, cutoff: Date): Promise<number> {
  return conversationWrites.eraseStale(db, teamId, cutoff);
}
