import type { Db } from '../../db/database';
import { paymentsRepository } from './payments.repository';

/**
 * An admin's plan grant in the books (payments is this module's table: docs/decisions.md, "Data:
 * one writer per table"), written in the admin's transaction beside the team's new plan and the
 * audit entry; the SQL stays in payments.repository.ts.
 */
export function recordAdminGrant(db: Db, grant: { userId: string; teamId: string; plan: string; now: Date; note: string; reference: string }) {
  return paymentsRepository.insertGrant(db, grant);
}
