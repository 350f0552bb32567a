import type * as OpenId from 'openid-client';

/** openid-client loads with the first sign-in, not with every Genie (most never turn SSO on; it is ~9 MB resident). */
let library: Promise<typeof OpenId> | null = null;
const openId = () => (library ??= import('openid-client'));

/** What Genie needs to know about the person the provider signed in. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  /** Only a verified email may find an existing account (an unverified one could be anybody's). */
  emailVerified: boolean;
  name: string | undefined;
}

/** The secrets of one sign-in attempt, kept by the browser (signed cookie) between start and callback. */
export interface OidcAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** `<PUBLIC_URL>/api/auth/oidc/callback`: the redirect URI the operator registered. */
  redirectUri: string;
}

export interface OidcClient {
  /**
   * The provider's authorization URL for a new attempt (authorization code with PKCE S256, state,
   * nonce). `fresh` asks the provider to make the person sign in again now (prompt=login,
   * max_age=0), to confirm who they are before something that cannot be undone.
   */
  start(options?: { fresh?: boolean }): Promise<{ url: string; attempt: OidcAttempt }>;
  /**
   * Checks the callback (state, then the code exchange with the PKCE verifier, the ID token's
   * signature, issuer, audience, expiry and nonce, all by openid-client) and returns who signed in.
   * With `fresh`, the ID token must also carry an auth_time of just now (openid-client's max_age check).
   */
  finish(callbackUrl: URL, attempt: OidcAttempt, options?: { fresh?: boolean }): Promise<OidcIdentity>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * OpenID Connect through openid-client: no JWT is checked by hand here. The provider's metadata is
 * discovered on first use and kept; a failed discovery is retried by the next sign-in.
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  const issuerUrl = new URL(settings.issuer);
  // Plain HTTP only to a provider on this machine (tests, a local Keycloak); anywhere else the
  // code and tokens would cross the network in the clear.
  const insecure = issuerUrl.protocol === 'http:' && LOOPBACK.has(issuerUrl.hostname);
  let configuration: Promise<OpenId.Configuration> | undefined;

  function discover() {
    configuration ??= openId()
      .then((client) =>
        client.discovery(
          issuerUrl,
          settings.clientId,
          settings.clientSecret,
          settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
          insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
        ),
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    async start(options) {
      const [client, config] = await Promise.all([openId(), discover()]);
      const attempt: OidcAttempt = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
        ...(options?.fresh ? { prompt: 'login', max_age: '0' } : {}),
      });
      return { url: url.href, attempt };
    },

    async finish(callbackUrl, attempt, options) {
      const [client, config] = await Promise.all([openId(), discover()]);
      const tokens = await client.authorizationCodeGrant(
        config,
        callbackUrl,
        { pkceCodeVerifier: attempt.codeVerifier, expectedState: attempt.state, expectedNonce: attempt.nonce, idTokenExpected: true, ...(options?.fresh ? { maxAge: 0 } : {}) },
        { redirect_uri: settings.redirectUri },
      );
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no ID token.');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = claims.email_verified === true;
      let name = typeof claims.name === 'string' ? claims.name : undefined;
      // Many providers put email in the userinfo answer only; that answer must be about the same subject.
      if (email === undefined) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        verified = info.email_verified === true;
        name ??= typeof info.name === 'string' ? info.name : undefined;
      }
      return { issuer: claims.iss, subject: claims.sub, email: email?.trim().toLowerCase(), emailVerified: verified, name };
    },
  };
}
