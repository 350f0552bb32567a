import { INACTIVE_ACCOUNT_MESSAGES, type AccountStatus } from '@contract/accounts';
import { AppError } from '../../lib/app-error';

/**
 * Sign-in of a suspended or erasing account: a 403 with a sentence that says why. Password and
 * reset sign-ins call this after the credentials are proven; single sign-on, whose failures are
 * page redirects, sends the same sentence through /login?sso_error=<status> (oidc.routes.ts).
 */
export function refuseInactive(status: AccountStatus) {
  if (status !== 'active') throw new AppError('forbidden', INACTIVE_ACCOUNT_MESSAGES[status]);
}
