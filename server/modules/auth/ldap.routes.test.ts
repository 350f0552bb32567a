import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Attribute, Change, Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_ACCOUNT_MESSAGES } from '@contract/accounts';
import { userIdentities } from '../../db/schema/auth';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { freePort } from '../../../tests/support/free-port';
import { startSlapd, type TestSlapd } from '../../../tests/support/slapd';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import {
  DIRECTORY_ACCOUNT_DISABLED,
  DIRECTORY_NO_EMAIL,
  DIRECTORY_NO_SEAT,
  DIRECTORY_UNAVAILABLE,
  DIRECTORY_UNVERIFIED_ACCOUNT,
  WRONG_CREDENTIALS,
} from './ldap-sign-in.service';

const SUFFIX = 'dc=acme,dc=test';
const ROOT_DN = `cn=root,${SUFFIX}`;
const ROOT_PASSWORD = 'root-secret';
const SERVICE_DN = `cn=genie,ou=services,${SUFFIX}`;
const SERVICE_PASSWORD = 'service-secret';
const PEOPLE = `ou=people,${SUFFIX}`;
const ADMINS = `cn=genie-admins,ou=groups,${SUFFIX}`;

const person = (uid: string, password: string, extra: string[] = []) =>
  [`dn: uid=${uid},${PEOPLE}`, 'objectClass: inetOrgPerson', `uid: ${uid}`, `cn: ${uid}`, `sn: ${uid}`, `userPassword: ${password}`, ...extra, ''].join('\n');

/** An org, its people (one disabled, one without mail, two sharing a uid), an admins group, and someone outside the search base. */
const LDIF = [
  [`dn: ${SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: acme', 'o: Acme', ''].join('\n'),
  [`dn: ou=services,${SUFFIX}`, 'objectClass: organizationalUnit', 'ou: services', ''].join('\n'),
  [`dn: ${SERVICE_DN}`, 'objectClass: organizationalRole', 'objectClass: simpleSecurityObject', 'cn: genie', `userPassword: ${SERVICE_PASSWORD}`, ''].join('\n'),
  [`dn: ${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: people', ''].join('\n'),
  [`dn: ou=contractors,${SUFFIX}`, 'objectClass: organizationalUnit', 'ou: contractors', ''].join('\n'),
  [`dn: ou=groups,${SUFFIX}`, 'objectClass: organizationalUnit', 'ou: groups', ''].join('\n'),
  person('owen', 'owen-pass', ['mail: owen@acme.test']),
  person('alice', 'alice-pass', ['mail: Alice@Acme.test']),
  person('bob', 'bob-pass', ['mail: bob@acme.test']),
  person('carol', 'carol-pass', ['mail: carol@acme.test', 'employeeType: disabled']),
  person('dave', 'dave-pass', ['mail: dave@acme.test']),
  person('erin', 'erin-pass', ['mail: erin@acme.test']),
  person('nomail', 'nomail-pass'),
  [`dn: cn=twin one,${PEOPLE}`, 'objectClass: inetOrgPerson', 'uid: twin', 'cn: twin one', 'sn: one', 'mail: twin1@acme.test', 'userPassword: twin-pass', ''].join('\n'),
  [`dn: cn=twin two,${PEOPLE}`, 'objectClass: inetOrgPerson', 'uid: twin', 'cn: twin two', 'sn: two', 'mail: twin2@acme.test', 'userPassword: twin-pass', ''].join('\n'),
  [`dn: uid=zed,ou=contractors,${SUFFIX}`, 'objectClass: inetOrgPerson', 'uid: zed', 'cn: zed', 'sn: zed', 'mail: zed@acme.test', 'userPassword: zed-pass', ''].join('\n'),
  [`dn: ${ADMINS}`, 'objectClass: groupOfNames', 'cn: genie-admins', `member: uid=alice,${PEOPLE}`, ''].join('\n'),
].join('\n');

const ldapEnv = (url: string, extra: Record<string, string> = {}) => ({
  LDAP_URL: url,
  LDAP_BIND_DN: SERVICE_DN,
  LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
  LDAP_USER_BASE: PEOPLE,
  LDAP_ADMIN_GROUP_DN: ADMINS,
  LDAP_GROUP_ROLE: 'admin',
  ...extra,
});

describe('sign-in with the company directory against a real slapd', () => {
  let slapd: TestSlapd;
  let t: TestApp;

  beforeAll(async () => {
    slapd = await startSlapd({ suffix: SUFFIX, ldif: LDIF, rootDn: ROOT_DN, rootPassword: ROOT_PASSWORD });
    t = await createTestApp({ env: ldapEnv(slapd.url) });
  });
  afterAll(async () => {
    await t?.close();
    await slapd?.close();
  });

  const ldapLogin = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/ldap/login', payload: { username, password } });
  const roleOf = async (userId: string) => (await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, userId)))[0]!;
  /** Changes the directory as its administrator would (the root DN). */
  const asDirectoryAdmin = async (work: (client: Client) => Promise<void>) => {
    const client = new Client({ url: slapd.url });
    await client.bind(ROOT_DN, ROOT_PASSWORD);
    try {
      await work(client);
    } finally {
      await client.unbind();
    }
  };

  it('tells /login that directory sign-in is on', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json()).toEqual({ passwords: true, passwordReset: 'operator', sso: null, ldap: true });
  });

  it('signs a directory person in and creates a verified account without a password, linked by entryUUID', async () => {
    const response = await ldapLogin('owen', 'owen-pass');
    expect(response.statusCode).toBe(200);
    const user = response.json().user as { id: string; email: string; username: string; emailVerified: boolean };
    expect(user).toMatchObject({ email: 'owen@acme.test', username: 'owen', emailVerified: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(response) } });
    expect(me.json().user.id).toBe(user.id);
    const links = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.issuer).toBe('ldap');
    expect(links[0]!.subject).toMatch(/^entryUUID:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe('');
    // The first directory account of acme.test made (and owns) the domain's team.
    expect((await roleOf(user.id)).role).toBe('owner');
    // Signing in again (by email this time: the default filter matches uid or mail) finds the same account.
    const again = await ldapLogin('owen@acme.test', 'owen-pass');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);
  });

  it('refuses a wrong password with the sentence a wrong password gets at the ordinary login', async () => {
    const wrong = await ldapLogin('owen', 'not-owens-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
    const ordinary = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owen@acme.test', password: 'not-owens-password' } });
    expect(ordinary.statusCode).toBe(401);
    expect(wrong.json()).toEqual(ordinary.json());
    expect(wrong.cookies.find((c) => c.name === 'genie_session')).toBeUndefined();
    // Nobody by that name gets the same answer.
    const nobody = await ldapLogin('nobody-here', 'whatever');
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
  });

  it('refuses an empty password before it reaches the directory (an unauthenticated bind would succeed)', async () => {
    const response = await ldapLogin('owen', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', error: 'password: Password is required' });
  });

  it('refuses a person outside LDAP_USER_BASE even with their right password', async () => {
    const response = await ldapLogin('zed', 'zed-pass');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'zed@acme.test'))).toEqual([]);
  });

  it('finds nobody for a filter-injection username', async () => {
    for (const username of ['*)(uid=*', '*', 'alice)(|(uid=*', 'al*']) {
      const response = await ldapLogin(username, 'alice-pass');
      expect(response.statusCode, username).toBe(401);
      expect(response.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'alice@acme.test'))).toEqual([]);
  });

  it('refuses a name that matches two entries', async () => {
    const response = await ldapLogin('twin', 'twin-pass');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
  });

  it('gives LDAP_ADMIN_GROUP_DN members the admin role in their domain team at each sign-in, and takes it back', async () => {
    const owen = (await t.database.db.select().from(users).where(eq(users.email, 'owen@acme.test')))[0]!;
    const team = (await roleOf(owen.id)).teamId;
    // The domain's team is on the Free plan (one seat): the next colleague is refused with a sentence.
    const full = await ldapLogin('alice', 'alice-pass');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: DIRECTORY_NO_SEAT, code: 'seat_limit' });
    await t.database.db.update(teams).set({ plan: 'enterprise', premiumUntil: new Date(Date.now() + 30 * 86_400_000) }).where(eq(teams.id, team));
    t.userDataChanges.changed();

    const alice = await ldapLogin('alice', 'alice-pass');
    expect(alice.statusCode).toBe(200);
    const aliceId = alice.json().user.id as string;
    expect(alice.json().user.email).toBe('alice@acme.test');
    const bob = await ldapLogin('bob', 'bob-pass');
    const bobId = bob.json().user.id as string;
    expect(await roleOf(aliceId)).toMatchObject({ teamId: team, role: 'admin' });
    expect(await roleOf(bobId)).toMatchObject({ teamId: team, role: 'member' });

    // Alice leaves the group and Bob joins it: the next sign-in of each follows the directory.
    await asDirectoryAdmin(async (client) => {
      await client.modify(ADMINS, [
        new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [`uid=alice,${PEOPLE}`] }) }),
        new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [`uid=bob,${PEOPLE}`] }) }),
      ]);
    });
    expect((await ldapLogin('alice', 'alice-pass')).statusCode).toBe(200);
    expect((await ldapLogin('bob', 'bob-pass')).statusCode).toBe(200);
    expect((await roleOf(aliceId)).role).toBe('member');
    expect((await roleOf(bobId)).role).toBe('admin');
    // The session already open sees the new role (the session cache was told).
    const subscription = await t.app.inject({ method: 'GET', url: '/api/user/subscription', headers: { cookie: cookieHeader(bob) } });
    expect(subscription.json().team.role).toBe('admin');
    // The owner stays the owner whatever the group says.
    expect((await roleOf(owen.id)).role).toBe('owner');
  });

  it('refuses a disabled directory account with a sentence, once its password is proven', async () => {
    const response = await ldapLogin('carol', 'carol-pass');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: DIRECTORY_ACCOUNT_DISABLED, code: 'forbidden' });
    const wrong = await ldapLogin('carol', 'guess');
    expect(wrong.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'carol@acme.test'))).toEqual([]);
  });

  it('refuses at the next sign-in an account disabled or removed in the directory since', async () => {
    expect((await ldapLogin('bob', 'bob-pass')).statusCode).toBe(200);
    await asDirectoryAdmin((client) =>
      client.modify(`uid=bob,${PEOPLE}`, [new Change({ operation: 'add', modification: new Attribute({ type: 'employeeType', values: ['disabled'] }) })]),
    );
    expect((await ldapLogin('bob', 'bob-pass')).json()).toEqual({ error: DIRECTORY_ACCOUNT_DISABLED, code: 'forbidden' });
    await asDirectoryAdmin((client) => client.del(`uid=bob,${PEOPLE}`));
    const removed = await ldapLogin('bob', 'bob-pass');
    expect(removed.statusCode).toBe(401);
    expect(removed.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
  });

  it('refuses an entry without an email address', async () => {
    const response = await ldapLogin('nomail', 'nomail-pass');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: DIRECTORY_NO_EMAIL, code: 'forbidden' });
  });

  it('never links to a password account whose email is unverified, and links to a verified one (ending its sessions)', async () => {
    const dave = await signUp(t.app, { email: 'dave@acme.test', username: 'dave-signup' });
    const refused = await ldapLogin('dave', 'dave-pass');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: DIRECTORY_UNVERIFIED_ACCOUNT, code: 'forbidden' });
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, dave.user.id))).toEqual([]);

    const erin = await signUp(t.app, { email: 'erin@acme.test', username: 'erin-signup' });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, erin.user.id));
    t.userDataChanges.changed();
    const linked = await ldapLogin('erin', 'erin-pass');
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user.id).toBe(erin.user.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: erin.cookie } })).statusCode).toBe(401);
    // Her own team is untouched: the group mapping applies only in the domain's team.
    expect((await roleOf(erin.user.id)).role).toBe('owner');
  });

  it('refuses a suspended Genie account with the sentence a password sign-in gets', async () => {
    const owen = (await t.database.db.select().from(users).where(eq(users.email, 'owen@acme.test')))[0]!;
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, owen.id));
    t.userDataChanges.changed();
    const response = await ldapLogin('owen', 'owen-pass');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: INACTIVE_ACCOUNT_MESSAGES.suspended, code: 'forbidden' });
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, owen.id));
  });

  it('answers 503 with a sentence when slapd is down', async () => {
    await slapd.stop();
    const response = await ldapLogin('owen', 'owen-pass');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: DIRECTORY_UNAVAILABLE, code: 'unavailable' });
  });
});

describe('an unreachable or misconfigured directory', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    // Accepts connections and never answers: only the operation timeout ends a sign-in.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers 503 within the 5 s operation timeout when the directory accepts but never replies', async () => {
    const app = await createTestApp({ env: ldapEnv(`ldap://127.0.0.1:${(silent.address() as AddressInfo).port}`) });
    apps.push(app);
    const started = Date.now();
    const response = await app.app.inject({ method: 'POST', url: '/api/auth/ldap/login', payload: { username: 'owen', password: 'owen-pass' } });
    const took = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: DIRECTORY_UNAVAILABLE, code: 'unavailable' });
    expect(response.body).not.toContain('at ');
    expect(took).toBeGreaterThanOrEqual(4900);
    expect(took).toBeLessThan(9000);
  }, 20_000);

  it('answers 503 when nothing listens at LDAP_URL, and limits attempts per address like login', async () => {
    const app = await createTestApp({ env: { ...ldapEnv(`ldap://127.0.0.1:${await freePort()}`), AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    apps.push(app);
    const attempt = () => app.app.inject({ method: 'POST', url: '/api/auth/ldap/login', payload: { username: 'owen', password: 'owen-pass' } });
    const response = await attempt();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: DIRECTORY_UNAVAILABLE, code: 'unavailable' });
    expect((await attempt()).statusCode).toBe(503);
    expect((await attempt()).statusCode).toBe(429);
  });

  it("answers 503 when the service account's password is wrong", async () => {
    const slapd = await startSlapd({ suffix: SUFFIX, ldif: LDIF, rootDn: ROOT_DN, rootPassword: ROOT_PASSWORD });
    try {
      const app = await createTestApp({ env: ldapEnv(slapd.url, { LDAP_BIND_PASSWORD: 'not-the-service-password' }) });
      apps.push(app);
      const response = await app.app.inject({ method: 'POST', url: '/api/auth/ldap/login', payload: { username: 'owen', password: 'owen-pass' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: DIRECTORY_UNAVAILABLE, code: 'unavailable' });
    } finally {
      await slapd.close();
    }
  });

  it('has no route and says ldap: false when LDAP_URL is unset', async () => {
    const app = await createTestApp();
    apps.push(app);
    expect((await app.app.inject({ method: 'GET', url: '/api/auth/options' })).json().ldap).toBe(false);
    expect((await app.app.inject({ method: 'POST', url: '/api/auth/ldap/login', payload: { username: 'owen', password: 'x' } })).statusCode).toBe(404);
  });
});
