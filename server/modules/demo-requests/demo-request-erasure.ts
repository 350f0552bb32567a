import type { Db } from '../../db/database';
import { demoRequestsRepository } from './demo-requests.repository';

/**
 * An erased account's demo requests go with it (demo_requests is this module's table:
 * docs/decisions.md, "Data: one writer per table"), in the erasure's transaction. Requests are
 * keyed by the address they came from, not by an account, so no foreign key removes them.
 */
export function forgetDemoRequestsFrom(db: Db, email: string) {
  return demoRequestsRepository.deleteByEmail(db, email);
}
