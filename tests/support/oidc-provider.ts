import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the provider knows: their login name at its dev sign-in form, and their claims. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser at the provider: opens the authorization URL, signs in as `login` on the
   * provider's own form and returns the URL it redirects back to (the callback with code and state).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * The certified `oidc-provider` package on loopback: real discovery, JWKS, signed ID tokens,
 * PKCE and userinfo. Its development sign-in form accepts any password for a known login; consent
 * is granted automatically (loadExistingGrant), as a company's provider does for its own apps.
 */
export async function startOidcProvider(options: { redirectUris: string[]; accounts: Record<string, ProviderAccount> }): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'genie-test';
  const clientSecret = 'genie-test-client-secret';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx, id) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    async loadExistingGrant(ctx) {
      const clientIdOfRequest = ctx.oidc.client!.clientId;
      const existing = ctx.oidc.session!.grantIdFor(clientIdOfRequest);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOfRequest, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    async signIn(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const remember = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
      };
      const cookie = () => [...jar].filter(([, v]) => v !== '').map(([k, v]) => `${k}=${v}`).join('; ');
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
        remember(response);
        const location = response.headers.get('location');
        if (location) {
          const next = new URL(location, url);
          if (options.redirectUris.some((uri) => next.href.startsWith(uri))) return next;
          url = next;
          continue;
        }
        // The provider's sign-in form at /interaction/<uid>: post the login, follow where it leads.
        await response.text();
        const posted = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
        });
        remember(posted);
        const after = posted.headers.get('location');
        if (!after) throw new Error(`provider did not accept the sign-in: ${posted.status} ${await posted.text()}`);
        url = new URL(after, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
