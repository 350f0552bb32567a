import type { Db } from '../../db/database';
import { filesRepository } from './files.repository';

/**
 * What other modules do with the team library inside their own transactions: a member who leaves
 * a team (removed, leaving, joining another) or erases their account hands the team folders they
 * made to the team, here its owner. What a member made in the team library belongs to the team,
 * and other people's files inside those folders are never deleted with the person.
 */
export const teamLibrary = {
  /** Every team folder `userId` made in `teamId` (in any team, when omitted) passes to that team's owner. */
  handFoldersToOwners: (db: Db, userId: string, teamId?: string) => filesRepository.handTeamFoldersToOwners(db, userId, teamId),
};
