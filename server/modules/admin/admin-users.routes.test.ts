import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/commerce';
import { ManualClock } from '../../lib/clock';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { PNG_1PX, uploadThroughApi } from '../../../tests/support/files';
import { signUp, type TestApp } from '../../../tests/support/test-app';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 24 * 3600 * 1000;

describe('user administration (/api/admin/users, /teams, /audit)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    t = await createAdminTestApp({ clock });
    admin = await adminHeaders(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
  const patch = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers, payload });
  const login = (person: Awaited<ReturnType<typeof signUp>>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.user.email, password: person.password } });

  it('answers 401 to a request without an admin token, and to a user cookie', async () => {
    const person = await signUp(t.app);
    for (const url of ['/api/admin/users', '/api/admin/teams', '/api/admin/audit']) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, { cookie: person.cookie })).statusCode).toBe(401);
    }
    expect((await patch(person.user.id, { status: 'suspended' }, {})).statusCode).toBe(401);
    expect((await patch(person.user.id, { status: 'suspended' }, { cookie: person.cookie })).statusCode).toBe(401);
  });

  it('lists users with team, plan, last active, storage and status; searches and pages', async () => {
    const person = await signUp(t.app);
    await uploadThroughApi(t.app, person.cookie, { name: 'p.png', bytes: PNG_1PX, type: 'image/png' });
    const found = await get(`/api/admin/users?search=${encodeURIComponent(person.user.email.toUpperCase())}`);
    expect(found.statusCode).toBe(200);
    const [row] = found.json().users;
    expect(found.json().users).toHaveLength(1);
    expect(row).toMatchObject({
      id: person.user.id,
      email: person.user.email,
      username: person.user.username,
      team: { name: person.user.username, role: 'owner' },
      plan: null,
      premiumUntil: null,
      storageBytes: PNG_1PX.length,
      status: 'active',
    });
    // A search for % is a literal %, not "everything".
    expect((await get('/api/admin/users?search=%25')).json().users).toEqual([]);

    await signUp(t.app);
    const first = (await get('/api/admin/users?limit=1')).json();
    const second = (await get(`/api/admin/users?limit=1&cursor=${first.nextCursor}`)).json();
    expect(first.users).toHaveLength(1);
    expect(second.users).toHaveLength(1);
    expect(second.users[0].id).not.toBe(first.users[0].id);
    const forged = await get('/api/admin/users?cursor=bm90LWEtY3Vyc29y');
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'invalid_input']);
  });

  it('suspends: sessions end and sign-in says the account is suspended; reactivating lets them back', async () => {
    const person = await signUp(t.app);
    const suspended = await patch(person.user.id, { status: 'suspended', note: 'spam' });
    expect([suspended.statusCode, suspended.json().status]).toEqual([200, 'suspended']);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } })).statusCode).toBe(401);
    const refused = await login(person);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'This account is suspended. Contact the operator of this Genie to have it reactivated.']);
    // A wrong password still reads as a wrong password: suspension is said only to the account's owner.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.user.email, password: 'wrong password here' } });
    expect(wrong.statusCode).toBe(401);

    clock.advance(1000); // the log orders by time; the manual clock would give both entries one
    expect((await patch(person.user.id, { status: 'active' })).json().status).toBe('active');
    expect((await login(person)).statusCode).toBe(200);

    const log = (await get(`/api/admin/audit?admin=root`)).json().entries.filter((e: { targetUserId: string }) => e.targetUserId === person.user.id);
    expect(log.map((e: { action: string; admin: string; target: string }) => [e.action, e.admin, e.target])).toEqual([
      ['reactivate', 'root', person.user.email],
      ['suspend', 'root', person.user.email],
    ]);
    expect(log[1].details).toEqual({ note: 'spam' });
  });

  it('grants a plan by hand: the team is premium for 30 days, recorded as a zero-amount payment with a note', async () => {
    const person = await signUp(t.app);
    const granted = await patch(person.user.id, { plan: 'pro', note: 'conference giveaway' });
    expect(granted.statusCode).toBe(200);
    const until = new Date(clock.now().getTime() + 30 * DAY).toISOString();
    expect([granted.json().plan, granted.json().premiumUntil]).toEqual(['pro', until]);
    const subscription = (await t.app.inject({ method: 'GET', url: '/api/user/subscription', headers: { cookie: person.cookie } })).json();
    expect([subscription.isPremium, subscription.plan]).toEqual([true, 'pro']);
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, person.user.id));
    expect(rows.map((p) => [p.amount, p.amountUsd, p.status, p.plan, p.note])).toEqual([
      ['0.00000000', '0.00', 'confirmed', 'pro', `Granted by admin root: pro until ${until}. conference giveaway`],
    ]);
    // Extending counts from the current end.
    const extended = await patch(person.user.id, { premiumUntil: '2027-01-01T00:00:00Z' });
    expect([extended.json().plan, extended.json().premiumUntil]).toEqual(['pro', '2027-01-01T00:00:00.000Z']);
    const actions = (await get('/api/admin/audit?action=grant_plan')).json().entries.filter((e: { targetUserId: string }) => e.targetUserId === person.user.id);
    expect(actions.map((e: { details: { plan: string } }) => e.details.plan)).toEqual(['pro']);
  });

  it('refuses bad input with a 4xx sentence', async () => {
    const person = await signUp(t.app);
    const unknown = await patch(crypto.randomUUID(), { status: 'suspended' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
    for (const body of [{}, { status: 'erasing' }, { plan: 'gold' }, { premiumUntil: 'tomorrow' }]) {
      const response = await patch(person.user.id, body);
      expect([response.statusCode, response.json().code]).toEqual([400, 'invalid_input']);
    }
    expect((await patch('not-an-id', { status: 'active' })).statusCode).toBe(400);
    expect((await get('/api/admin/audit?action=delete_everything')).statusCode).toBe(400);
  });

  it('lists teams with plan, seats used and limit, and members', async () => {
    const owner = await signUp(t.app);
    await patch(owner.user.id, { plan: 'starter' });
    const member = await signUp(t.app);
    const invited = await t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie }, payload: { email: member.user.email, role: 'member' } });
    const token = (invited.json().url as string).split('/invite/')[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: { cookie: member.cookie } })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie }, payload: { email: 'pending@example.com', role: 'member' } });

    const teams = (await get(`/api/admin/teams?search=${encodeURIComponent(member.user.email)}`)).json().teams;
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ name: owner.user.username, plan: 'starter', seats: { used: 3, limit: 3 } });
    expect(teams[0].members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [member.user.id, 'member'],
    ]);
  });

  it('filters the audit log by date', async () => {
    const person = await signUp(t.app);
    clock.set(new Date('2026-07-01T00:00:00Z'));
    admin = await adminHeaders(t.app); // a month on, the old admin token has expired
    await patch(person.user.id, { status: 'suspended' });
    const julyResponse = await get('/api/admin/audit?from=2026-07-01T00:00:00Z&to=2026-07-02T00:00:00Z');
    const inJuly = julyResponse.json().entries;
    expect(inJuly.map((e: { action: string; targetUserId: string }) => [e.action, e.targetUserId])).toEqual([['suspend', person.user.id]]);
    expect((await get('/api/admin/audit?to=2026-06-01T00:00:00Z')).json().entries).toEqual([]);
  });
});
