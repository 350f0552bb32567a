import type { FastifyInstance } from 'fastify';
import { readLdapSettings } from '../adapters/ldap/ldap-directory';
import { accountSecurityRoutes } from '../modules/auth/account-security.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { registerLdap } from '../modules/auth/ldap.module';
import { registerOidc } from '../modules/auth/oidc.module';
import type { AppDeps } from './app-deps';
import type { PasswordResetService } from '../modules/auth/password-reset.service';
import { servesHttps } from './register-security';
import type { SharedServices } from './shared-services';

/** The ways in: passwords, reset and verification pages, single sign-on (OIDC) and the directory (LDAP). */
export async function registerSignIn(app: FastifyInstance, deps: AppDeps, shared: SharedServices, passwordResets: PasswordResetService) {
  const { config } = deps;
  const { db, clock, mailer, links, userDataChanges } = shared;
  const https = servesHttps(config);
  const ssoName = config.OIDC_ISSUER ? config.OIDC_DISPLAY_NAME : null;
  // Read once here (LDAP_TLS_CA_FILE): an unreadable CA file stops the start with its name.
  const ldapSettings = readLdapSettings(config);
  await app.register(authRoutes, { secureCookies: https, attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE, passwordsOffFor: config.OIDC_ONLY ? ssoName : null });
  await app.register(accountSecurityRoutes, {
    passwordResets,
    // A reset by mail needs both mail and PUBLIC_URL; otherwise the pages show the operator's command.
    options: { passwords: !config.OIDC_ONLY, passwordReset: mailer && links.configured ? 'mail' : 'operator', sso: ssoName ? { name: ssoName } : null, ldap: ldapSettings !== null },
    secureCookies: https,
    attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await registerOidc(app, { config, db, clock, secret: deps.sessionSecret, secureCookies: https });
  await registerLdap(app, { settings: ldapSettings, config, db, clock, userDataChanges, secureCookies: https });
}
