import type { Db } from '../../db/database';
import { forgetAccountInAudit } from '../admin/audit-log';
import { accountWrites } from '../auth/account-writes';
import { forgetDemoRequestsFrom } from '../demo-requests/demo-request-erasure';
import { teamAccounts } from '../teams/team-accounts';
import { erasureRepository as repo } from './erasure.repository';

/**
 * The account's rows, in one transaction (the caller's): after it, no table names the account.
 * Each table is written by its owner's function (docs/decisions.md, "Data: one writer per
 * table"), all on the caller's `tx`, so the erasure stays all or nothing.
 */
export async function eraseRows(tx: Db, account: { id: string; email: string; username: string }) {
  const seat = await repo.membership(tx, account.id);
  // Rows keyed by the email, not the id: the person's demo request and invitations to them.
  await forgetDemoRequestsFrom(tx, account.email);
  await teamAccounts.deleteInvitationsTo(tx, account.email);
  // The admin log keeps what was done, to no one in particular.
  await forgetAccountInAudit(tx, account);
  const alone = seat !== undefined && (await repo.otherMembers(tx, seat.teamId, account.id)) === 0;
  if (seat && alone) {
    // A team of one goes with its member (payments that credited it keep their rows, team NULL).
    // Before the account: the team's trigger hands its files back to their uploaders (a former
    // member's stay theirs), where the account's folders' cascade would have deleted them.
    await teamAccounts.deleteTeam(tx, seat.teamId);
  }
  await accountWrites.deleteUser(tx, account.id);
  // A team still named after the person (sign-up names it so) loses the name.
  if (seat && !alone) await teamAccounts.dropNameOf(tx, seat.teamId, account.username);
}
