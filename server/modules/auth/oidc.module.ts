import type { FastifyInstance } from 'fastify';
import { createOidcClient } from '../../adapters/oidc/oidc-client';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createOidcAccountsService } from './oidc-accounts.service';
import { oidcRoutes } from './oidc.routes';

/**
 * Single sign-on, when OIDC_ISSUER is set: the routes exist only then. The redirect URI is
 * `<PUBLIC_URL>/api/auth/oidc/callback` (the one the operator registers), or this server's own
 * address when PUBLIC_URL is unset (development).
 */
export async function registerOidc(app: FastifyInstance, deps: { config: Config; db: Db; clock: Clock; secret: string; secureCookies: boolean }) {
  const { config } = deps;
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return;
  const base = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');
  const redirectUri = `${base}/api/auth/oidc/callback`;
  const client = createOidcClient({
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES,
    redirectUri,
  });
  const accounts = createOidcAccountsService({
    db: deps.db,
    clock: deps.clock,
    teamByEmailDomain: config.OIDC_TEAM_BY_EMAIL_DOMAIN,
    enterpriseSeats: config.ENTERPRISE_SEATS,
  });
  await app.register(oidcRoutes, {
    client,
    accounts,
    secret: deps.secret,
    clock: deps.clock,
    secureCookies: deps.secureCookies,
    attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    redirectUri,
  });
}
