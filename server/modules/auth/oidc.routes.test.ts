import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema/teams';
import { userIdentities } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { INACTIVE_ACCOUNT_MESSAGES, ERASE_NEEDS_SSO } from '@contract/accounts';
import { ERASE_CONFIRM_PATH } from './oidc.routes';
import { startOidcProvider, type TestOidcProvider } from '../../../tests/support/oidc-provider';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;

describe('single sign-on against a real OpenID provider', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUris: [REDIRECT_URI],
      accounts: {
        ana: { email: 'ana@acme.test', email_verified: true, name: 'Ana' },
        ben: { email: 'Ben@ACME.test', email_verified: true },
        carla: { email: 'carla@acme.test', email_verified: true },
        mallory: { email: 'victim@example.com', email_verified: false },
        newbie: { email: 'newbie@other.test', email_verified: false },
        sam: { email: 'sam@solo.test', email_verified: true },
        dora: { email: 'dora@dora.test', email_verified: true },
        eve: { email: 'eve@eve.test', email_verified: true },
        finn: { email: 'finn@finn.test', email_verified: true },
      },
    });
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_DISPLAY_NAME: 'Acme ID',
        OIDC_TEAM_BY_EMAIL_DOMAIN: 'true',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const start = async (next?: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ''}` });
    expect(response.statusCode).toBe(303);
    return { authorizationUrl: response.headers.location as string, cookie: cookieHeader(response) };
  };
  const callback = (url: URL, cookie: string) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
  const signInAs = async (login: string, next?: string) => {
    const attempt = await start(next);
    return callback(await provider.signIn(attempt.authorizationUrl, login), attempt.cookie);
  };
  const sessionCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'genie_session');
  const me = async (response: LightMyRequestResponse) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(response) } })).json().user as { id: string; email: string; username: string };
  const teamOf = async (userId: string) => (await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, userId)))[0]!;

  it('sends the browser to the provider with PKCE (S256), state and nonce, and offers the button', async () => {
    const { authorizationUrl, cookie } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatch(/^genie_oidc=/);
    const options = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json()).toEqual({ passwords: true, passwordReset: 'operator', sso: { name: 'Acme ID' }, ldap: false });
  });

  it('creates an account on first sign-in, in a new team for the email domain, and goes on to next', async () => {
    const response = await signInAs('ana', '/files');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/files');
    expect(sessionCookie(response)?.httpOnly).toBe(true);
    const user = await me(response);
    expect(user).toMatchObject({ email: 'ana@acme.test', username: 'ana', emailVerified: true });
    const membership = await teamOf(user.id);
    expect(membership.role).toBe('owner');

    // The domain's team is on Free (one seat): the second person is told there is no seat.
    expect((await signInAs('ben')).headers.location).toBe('/login?sso_error=seats');
    await t.database.db.update(teams).set({ plan: 'pro', premiumUntil: new Date(Date.now() + 30 * 86_400_000) }).where(eq(teams.id, membership.teamId));
    t.userDataChanges.changed();
    // With seats to spare they join that team as a member; the email is matched in lower case.
    const ben = await me(await signInAs('ben'));
    expect(ben.email).toBe('ben@acme.test');
    const benTeam = await teamOf(ben.id);
    expect(benTeam).toMatchObject({ teamId: membership.teamId, role: 'member' });

    // Signing in again finds the same account (by the provider's subject).
    const again = await me(await signInAs('ana'));
    expect(again.id).toBe(user.id);
    const [row] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe('');
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/password', headers: { cookie: cookieHeader(response) } });
    expect(status.json()).toEqual({ set: false });
    // No password works for an account made by single sign-on.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana@acme.test', password: 'anything at all' } });
    expect([login.statusCode, login.json().error]).toEqual([401, 'The email or password is incorrect.']);
  });

  it('does not sign into a password account whose email was never verified, even when the provider vouches for it', async () => {
    const existing = await signUp(t.app, { email: 'carla@acme.test' });
    const response = await signInAs('carla');
    expect([response.statusCode, response.headers.location]).toEqual([303, '/login?sso_error=unverified_account']);
    expect(sessionCookie(response)?.value ?? '').toBe('');
    const identities = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.user.id));
    expect(identities).toEqual([]);
  });

  it('refuses an unverified email: no session, and the account with that address stays untouched', async () => {
    const victim = await signUp(t.app, { email: 'victim@example.com' });
    const response = await signInAs('mallory');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?sso_error=unverified');
    expect(sessionCookie(response)?.value ?? '').toBe('');
    const fresh = await signInAs('newbie');
    expect(fresh.headers.location).toBe('/login?sso_error=unverified');
    const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'newbie@other.test'));
    expect(rows).toEqual([]);
    expect(victim.user.email).toBe('victim@example.com');
  });

  it('refuses a callback whose state is not this browser\'s attempt', async () => {
    const mine = await start();
    const theirs = await start();
    const theirCallback = await provider.signIn(theirs.authorizationUrl, 'ana');
    const response = await callback(theirCallback, mine.cookie);
    expect(response.headers.location).toBe('/login?sso_error=state');
    expect(sessionCookie(response)?.value ?? '').toBe('');
  });

  it('refuses a callback without the attempt cookie, or with a forged one', async () => {
    const attempt = await start();
    const url = await provider.signIn(attempt.authorizationUrl, 'ana');
    expect((await callback(url, '')).headers.location).toBe('/login?sso_error=expired');
    const forged = attempt.cookie.replace(/\.[^.]+$/, '.AAAA');
    expect((await callback(url, forged)).headers.location).toBe('/login?sso_error=expired');
  });

  it('refuses an ID token whose nonce is not the attempt\'s', async () => {
    const attempt = await start();
    const tampered = new URL(attempt.authorizationUrl);
    tampered.searchParams.set('nonce', 'a-nonce-this-browser-never-made');
    const response = await callback(await provider.signIn(tampered.href, 'ana'), attempt.cookie);
    expect(response.headers.location).toBe('/login?sso_error=failed');
    expect(sessionCookie(response)?.value ?? '').toBe('');
  });

  it('refuses a code used twice', async () => {
    const attempt = await start();
    const url = await provider.signIn(attempt.authorizationUrl, 'ana');
    expect((await callback(url, attempt.cookie)).headers.location).toBe('/app');
    const replay = await callback(url, attempt.cookie);
    expect(replay.headers.location).toBe('/login?sso_error=failed');
  });

  it('tells a suspended account so, as a password sign-in does, and starts no session', async () => {
    const sam = await me(await signInAs('sam'));
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, sam.id));
    t.userDataChanges.changed();
    const response = await signInAs('sam');
    expect(response.headers.location).toBe('/login?sso_error=suspended');
    expect(sessionCookie(response)?.value ?? '').toBe('');
    // The login page's sentence for that reason is the password sign-in's own.
    expect(INACTIVE_ACCOUNT_MESSAGES.suspended).toBe('This account is suspended. Contact the operator of this Genie to have it reactivated.');
  });

  describe('erasing an account that has no password, confirmed by a fresh sign-in', () => {
    const startErase = async (session: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?purpose=erase', headers: { cookie: session } });
      expect(response.statusCode).toBe(303);
      return { authorizationUrl: response.headers.location as string, cookie: cookieHeader(response) };
    };
    const eraseWith = (cookie: string, payload?: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie }, ...(payload ? { payload } : {}) });
    const proofOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'genie_erase_proof');
    // Only the session (the sign-in's response also clears its own attempt cookie).
    const sessionOf = (response: LightMyRequestResponse) => `genie_session=${sessionCookie(response)!.value}`;

    it('asks the provider for a new sign-in, then erases with the proof it leaves', async () => {
      const signedIn = await signInAs('dora');
      const session = sessionOf(signedIn);
      const dora = await me(signedIn);
      // Without the confirmation the account is told how to give it (it has no password).
      const bare = await eraseWith(session);
      expect([bare.statusCode, bare.json().error]).toEqual([400, ERASE_NEEDS_SSO]);

      const attempt = await startErase(session);
      const url = new URL(attempt.authorizationUrl);
      expect([url.searchParams.get('prompt'), url.searchParams.get('max_age')]).toEqual(['login', '0']);
      const back = await callback(await provider.signIn(attempt.authorizationUrl, 'dora'), `${session}; ${attempt.cookie}`);
      expect(back.headers.location).toBe(ERASE_CONFIRM_PATH);
      const proof = proofOf(back)!;
      expect([proof.httpOnly, proof.path, proof.sameSite]).toEqual([true, '/api/user', 'Strict']);
      // The confirmation is not a sign-in: no new session.
      expect(sessionCookie(back)).toBeUndefined();

      const erased = await eraseWith(`${session}; genie_erase_proof=${proof.value}`);
      expect([erased.statusCode, erased.json()]).toEqual([200, { status: 'erased' }]);
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, dora.id))).toEqual([]);
    });

    it('gives no proof when the provider signs in someone else, and a proof works only for its own account', async () => {
      const eveSignIn = await signInAs('eve');
      const session = sessionOf(eveSignIn);
      const attempt = await startErase(session);
      const wrongPerson = await callback(await provider.signIn(attempt.authorizationUrl, 'ana'), `${session}; ${attempt.cookie}`);
      expect(wrongPerson.headers.location).toBe(`${ERASE_CONFIRM_PATH}&sso_error=mismatch`);
      expect(proofOf(wrongPerson)).toBeUndefined();

      // Finn’s proof (another account) does not erase Eve.
      const finnSession = sessionOf(await signInAs('finn'));
      const finnAttempt = await startErase(finnSession);
      const finnBack = await callback(await provider.signIn(finnAttempt.authorizationUrl, 'finn'), `${finnSession}; ${finnAttempt.cookie}`);
      const othersProof = proofOf(finnBack)!.value;
      const refused = await eraseWith(`${session}; genie_erase_proof=${othersProof}`);
      expect([refused.statusCode, refused.json().error]).toEqual([400, ERASE_NEEDS_SSO]);
      const forged = await eraseWith(`${session}; genie_erase_proof=${othersProof.replace(/\.[^.]+$/, '.AAAA')}`);
      expect(forged.statusCode).toBe(400);
      expect((await me(eveSignIn)).email).toBe('eve@eve.test');
    });

    it('sends a visitor to sign in first, and refuses a confirmation whose state is not the attempt\'s', async () => {
      const visitor = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?purpose=erase' });
      expect([visitor.statusCode, visitor.headers.location]).toEqual([303, '/login?next=%2Fprofile']);
      const session = sessionOf(await signInAs('eve'));
      const mine = await startErase(session);
      const theirs = await startErase(session);
      const response = await callback(await provider.signIn(theirs.authorizationUrl, 'eve'), `${session}; ${mine.cookie}`);
      expect(response.headers.location).toBe(`${ERASE_CONFIRM_PATH}&sso_error=state`);
      expect(proofOf(response)).toBeUndefined();
    });
  });

  it('never sends the browser to another site after sign-in', async () => {
    const response = await signInAs('ana', '//evil.example/steal');
    expect(response.headers.location).toBe('/app');
  });

  // Issue 38: `/\t/evil.example` left the site in Chromium (it drops tabs and newlines from URLs),
  // and a newline or a non-ASCII letter in `next` answered 500 after the provider's round trip.
  it.each([
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/caf\u00e9'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/.//evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
  ])('answers the hostile next %j with the default page, after the provider too', async (next) => {
    const response = await signInAs('ana', next);
    expect([response.statusCode, response.headers.location]).toEqual([303, '/app']);
  });

  it('keeps a same-site next with its query and fragment', async () => {
    const response = await signInAs('ana', '/files?folder=a%20b#top');
    expect([response.statusCode, response.headers.location]).toEqual([303, '/files?folder=a%20b#top']);
  });
});

/**
 * Issue 38: emails are never verified at sign-up, so an attacker who signed up with a password as
 * boss@corp.test got the real boss's first SSO sign-in (the provider vouching for the address) in
 * the attacker's account. SSO now links only to an account whose email was verified by mail.
 */
describe('single sign-on and an email someone else pre-registered', () => {
  const PUBLIC = 'http://127.0.0.1:3998';
  let provider: TestOidcProvider;
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [`${PUBLIC}/api/auth/oidc/callback`], accounts: { boss: { email: 'boss@corp.test', email_verified: true } } });
    inbox = await startSmtpInbox();
    t = await createTestApp({
      env: { PUBLIC_URL: PUBLIC, SMTP_URL: inbox.url, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret },
    });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
    await provider?.close();
  });
  const signInAs = async (login: string) => {
    const started = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?next=%2Fchat' });
    const back = await provider.signIn(started.headers.location as string, login);
    return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: cookieHeader(started) } });
  };
  const meWith = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user as { id: string; emailVerified: boolean };

  it('keeps the victim out of the attacker\'s account until the address is verified, then links as before', async () => {
    const attacker = await signUp(t.app, { email: 'boss@corp.test', username: 'notboss' });
    expect(attacker.user).toMatchObject({ email: 'boss@corp.test', emailVerified: false });

    const victim = await signInAs('boss');
    expect([victim.statusCode, victim.headers.location]).toEqual([303, '/login?sso_error=unverified_account']);
    expect(victim.cookies.find((c) => c.name === 'genie_session')?.value ?? '').toBe('');
    // Neither linked nor a second account: the attacker's password session still sees only itself.
    expect(await t.database.db.select().from(userIdentities)).toEqual([]);
    expect((await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'boss@corp.test'))).map((r) => r.id)).toEqual([attacker.user.id]);
    expect(await meWith(attacker.cookie)).toMatchObject({ id: attacker.user.id, emailVerified: false });

    // Whoever holds the mailbox verifies the address (the link went to boss@corp.test, not to the
    // attacker); from then on the account is the mailbox holder's, and SSO links to it.
    await t.app.emailVerification.idle();
    const mail = inbox.messages.find((m) => m.to[0] === 'boss@corp.test')!;
    expect(mail.subject).toBe('Verify your email for Genie');
    const token = new RegExp(`^${PUBLIC}/verify-email\\?token=([A-Za-z0-9_-]{43})$`, 'm').exec(mail.text)![1]!;
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect([verified.statusCode, verified.json()]).toEqual([200, { ok: true }]);

    const after = await signInAs('boss');
    expect([after.statusCode, after.headers.location]).toEqual([303, '/chat']);
    expect(await meWith(cookieHeader(after))).toMatchObject({ id: attacker.user.id, emailVerified: true });
    // The sessions from before the link (the sign-up's) ended with it.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: attacker.cookie } })).statusCode).toBe(401);
  });
});

describe('OIDC_ONLY', () => {
  it('turns password sign-in, sign-up and reset off, naming the provider', async () => {
    const t = await createTestApp({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'genie', OIDC_DISPLAY_NAME: 'Acme ID', OIDC_ONLY: 'true' },
      deps: { mailer: null },
    });
    try {
      const refusal = { error: 'Passwords are turned off here: sign in with Acme ID.', code: 'forbidden' };
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'whatever it is' } });
      expect([login.statusCode, login.json()]).toEqual([403, refusal]);
      const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'a@example.com', username: 'aaa', password: 'long enough pass' } });
      expect([signup.statusCode, signup.json()]).toEqual([403, refusal]);
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'a@example.com' } });
      expect([reset.statusCode, reset.json()]).toEqual([403, refusal]);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/options' })).json()).toEqual({ passwords: false, passwordReset: 'operator', sso: { name: 'Acme ID' }, ldap: false });
      // An unreachable provider is a sentence on the login page, not a 500.
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect([start.statusCode, start.headers.location]).toEqual([303, '/login?sso_error=unavailable']);
    } finally {
      await t.close();
    }
  });
});
