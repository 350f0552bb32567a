import type { AccountStatus } from '@contract/accounts';
import { AppError } from '../../lib/app-error';

/**
 * Sign-in of a suspended or erasing account: a 403 with a sentence that says why. Every way in
 * (password, reset, single sign-on) calls this after the credentials are proven.
 */
export function refuseInactive(status: AccountStatus) {
  if (status === 'suspended') {
    throw new AppError('forbidden', 'This account is suspended. Contact the operator of this Genie to have it reactivated.');
  }
  if (status === 'erasing') throw new AppError('forbidden', 'This account is being erased and can no longer sign in.');
}
