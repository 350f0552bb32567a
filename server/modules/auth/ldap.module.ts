import type { FastifyInstance } from 'fastify';
import { createLdapDirectory, type LdapSettings } from '../../adapters/ldap/ldap-directory';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createLdapSignInService } from './ldap-sign-in.service';
import { ldapRoutes } from './ldap.routes';
import type { UserDataChanges } from './session-cache';

/** Sign-in with the company directory, when LDAP_URL is set: the route exists only then. */
export async function registerLdap(
  app: FastifyInstance,
  deps: { settings: LdapSettings | null; config: Config; db: Db; clock: Clock; userDataChanges: UserDataChanges; secureCookies: boolean },
) {
  const { settings, config } = deps;
  if (!settings) return;
  const host = new URL(settings.url).hostname;
  if (settings.url.startsWith('ldap:') && !settings.startTls && !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    app.log.warn('LDAP_URL is plain ldap:// without LDAP_STARTTLS: directory passwords cross the network unencrypted');
  }
  const service = createLdapSignInService({
    db: deps.db,
    clock: deps.clock,
    directory: createLdapDirectory(settings),
    userDataChanges: deps.userDataChanges,
    enterpriseSeats: config.ENTERPRISE_SEATS,
    groupRole: config.LDAP_GROUP_ROLE,
    sessions: app.authService,
  });
  await app.register(ldapRoutes, { service, secureCookies: deps.secureCookies, attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE });
}
