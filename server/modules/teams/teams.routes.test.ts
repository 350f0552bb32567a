import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations, teams } from '../../db/schema/teams';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { setTeamPlan, teamOf } from '../../../tests/support/teams';

const NOW = new Date('2026-09-01T08:00:00Z');
const DAY = 24 * 3600 * 1000;
const PUBLIC_URL = 'https://genie.example.com';

type Person = Awaited<ReturnType<typeof signUp>>;

describe('teams API', () => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL }, deps: { clock } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { ...(who ? { cookie: who.cookie } : {}), origin: PUBLIC_URL }, ...(payload === undefined ? {} : { payload }) });
  const team = async (who: Person) => (await call('GET', '/api/team', who)).json();
  const invite = (who: Person, email: string, role = 'member') => call('POST', '/api/team/invitations', who, { email, role });
  const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/invite/`.length);
  /** Signs a new person up and has them accept an invitation from `inviter`. */
  const joinVia = async (inviter: Person, role = 'member') => {
    const person = await signUp(t.app);
    const created = await invite(inviter, person.user.email, role);
    expect(created.statusCode).toBe(201);
    const accepted = await call('POST', `/api/invitations/${tokenOf(created.json().url)}/accept`, person);
    expect(accepted.statusCode).toBe(200);
    return person;
  };
  const starterTeam = async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() + 30 * DAY), plan: 'starter' });
    t.userDataChanges.changed(); // a direct write: the payment service announces its own
    return owner;
  };

  it('goes through the whole lifecycle: invite, accept, role change, remove, transfer, leave', async () => {
    const owner = await starterTeam();
    const mine = await team(owner);
    expect(mine).toEqual({
      id: (await teamOf(t.database.db, owner.user.id)).id,
      name: owner.user.username,
      plan: 'starter',
      isPremium: true,
      expiresAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
      seats: { used: 1, limit: 3 },
      members: [{ userId: owner.user.id, username: owner.user.username, email: owner.user.email, role: 'owner', joinedAt: expect.any(String) }],
      invitations: [],
    });

    const renamed = await call('PATCH', '/api/team', owner, { name: '  Acme Legal  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Acme Legal');

    // Invite by link: 201 with a single-use URL, stored only as its hash.
    const bob = await signUp(t.app);
    const created = await invite(owner, bob.user.email.toUpperCase(), 'admin');
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      id: expect.any(String), email: bob.user.email, role: 'admin', url: expect.stringMatching(/^https:\/\/genie\.example\.com\/invite\/[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(), emailed: false, mailFailed: false,
    });
    const token = tokenOf(body.url);
    const [stored] = await t.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, body.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await team(owner)).seats).toEqual({ used: 2, limit: 3 });
    expect((await team(owner)).invitations).toEqual([
      { id: body.id, email: bob.user.email, role: 'admin', invitedBy: owner.user.username, createdAt: NOW.toISOString(), expiresAt: body.expiresAt },
    ]);

    // Public preview, then accept (signed in): Bob is now in the team, Premium with it.
    const preview = await call('GET', `/api/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ teamName: 'Acme Legal', invitedBy: owner.user.username, email: bob.user.email, role: 'admin', expiresAt: body.expiresAt });
    expect((await call('POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);
    const bobsOldTeam = (await teamOf(t.database.db, bob.user.id)).id;
    const accepted = await call('POST', `/api/invitations/${token}/accept`, bob);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      [owner.user.username, 'owner'], [bob.user.username, 'admin'],
    ]);
    expect((await call('GET', '/api/user/subscription', bob)).json()).toEqual({
      isPremium: true, expiresAt: body.expiresAt.replace('09-08', '10-01'), plan: 'starter', team: { id: mine.id, name: 'Acme Legal', role: 'admin' },
    });
    // The team Bob left empty is gone; the link is used up.
    expect(await t.database.db.select().from(teams).where(eq(teams.id, bobsOldTeam))).toEqual([]);
    expect((await call('GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/invitations/${token}/accept`, await signUp(t.app))).statusCode).toBe(404);
    expect((await team(owner)).seats).toEqual({ used: 2, limit: 3 });

    // Carol joins as a member; Bob (admin) makes her admin and back, then removes her.
    const carol = await joinVia(owner);
    const roleOf = (view: { members: { userId: string; role: string }[] }) => view.members.find((m) => m.userId === carol.user.id)!.role;
    expect(roleOf((await call('PATCH', `/api/team/members/${carol.user.id}`, bob, { role: 'admin' })).json())).toBe('admin');
    expect(roleOf((await call('PATCH', `/api/team/members/${carol.user.id}`, bob, { role: 'member' })).json())).toBe('member');
    const removed = await call('DELETE', `/api/team/members/${carol.user.id}`, bob);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id, bob.user.id]);
    // Carol is at once the owner of a fresh Free team of her own.
    const carolsTeam = await teamOf(t.database.db, carol.user.id);
    expect([carolsTeam.name, carolsTeam.role, carolsTeam.plan, carolsTeam.premiumUntil]).toEqual([carol.user.username, 'owner', null, null]);
    expect((await call('GET', '/api/user/subscription', carol)).json()).toEqual({
      isPremium: false, expiresAt: null, plan: null, team: { id: carolsTeam.id, name: carol.user.username, role: 'owner' },
    });

    // Ownership moves to Bob; the old owner becomes an admin and can then leave.
    expect((await call('POST', '/api/team/leave', owner)).json()).toEqual({
      error: 'You own this team: transfer ownership to another member before you leave.', code: 'conflict',
    });
    const transferred = await call('POST', '/api/team/transfer', owner, { userId: bob.user.id });
    expect(transferred.statusCode).toBe(200);
    expect(transferred.json().members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [bob.user.id, 'owner'], [owner.user.id, 'admin'],
    ]);
    const left = await call('POST', '/api/team/leave', owner);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ name: owner.user.username, plan: null, isPremium: false, seats: { used: 1, limit: 1 } });
    expect((await team(bob)).members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([[bob.user.id, 'owner']]);
    expect((await call('POST', '/api/team/leave', bob)).json()).toEqual({
      error: 'You are the only member of this team, so there is no team to leave.', code: 'conflict',
    });
  });

  it('counts pending invitations toward the plan’s seats and names the limit and the upgrade when full', async () => {
    const owner = await starterTeam();
    const first = await invite(owner, 'one@example.com');
    expect((await invite(owner, 'two@example.com')).statusCode).toBe(201);
    const refused = await invite(owner, 'three@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Your team uses 3 of 3 seats on the Starter plan (members and pending invitations count). Upgrade to Pro for up to 10 members, or revoke a pending invitation.',
      code: 'seat_limit',
    });
    // Revoking frees the seat; the revoked link no longer opens anything.
    const revoked = await call('DELETE', `/api/team/invitations/${first.json().id}`, owner);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().invitations.map((i: { email: string }) => i.email)).toEqual(['two@example.com']);
    expect((await call('GET', `/api/invitations/${tokenOf(first.json().url)}`)).statusCode).toBe(404);
    expect((await invite(owner, 'three@example.com')).statusCode).toBe(201);

    // A Free team has one seat: its owner's.
    const free = await signUp(t.app);
    const freeRefused = await invite(free, 'x@example.com');
    expect(freeRefused.statusCode).toBe(409);
    expect(freeRefused.json().error).toBe(
      'Your team uses 1 of 1 seat on the Free plan (members and pending invitations count). Upgrade to Starter for up to 3 members or Pro for up to 10, or revoke a pending invitation.',
    );
  });

  it('gives the last seats to only as many invitations as fit, however many arrive at once', async () => {
    const owner = await starterTeam();
    const responses = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((x) => invite(owner, `${x}-race@example.com`)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await team(owner)).seats).toEqual({ used: 3, limit: 3 });
  });

  it('lets an expired invitation lapse: 404, and its seat is free again', async () => {
    const owner = await starterTeam();
    const created = (await invite(owner, 'late@example.com')).json();
    clock.set(new Date(NOW.getTime() + 7 * DAY));
    try {
      expect((await call('GET', `/api/invitations/${tokenOf(created.url)}`)).statusCode).toBe(404);
      expect((await call('POST', `/api/invitations/${tokenOf(created.url)}/accept`, await signUp(t.app))).statusCode).toBe(404);
      expect((await team(owner)).seats).toEqual({ used: 1, limit: 3 });
    } finally {
      clock.set(NOW);
    }
  });

  it('removes nobody when a plan lapses below the member count, and refuses new invitations saying why', async () => {
    const owner = await starterTeam();
    const pending = (await invite(owner, 'pending@example.com')).json();
    await joinVia(owner);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() - DAY), plan: 'starter' });
    t.userDataChanges.changed();
    const lapsed = await team(owner);
    expect([lapsed.plan, lapsed.isPremium, lapsed.seats, lapsed.members.length]).toEqual([null, false, { used: 3, limit: 1 }, 2]);
    const refused = await invite(owner, 'more@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Your team uses 3 of 1 seat on the Free plan (members and pending invitations count). Upgrade to Starter for up to 3 members or Pro for up to 10, or revoke a pending invitation.',
    );
    // The invitation made while the plan ran no longer finds a seat either.
    const late = await call('POST', `/api/invitations/${tokenOf(pending.url)}/accept`, await signUp(t.app));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('seat_limit');
  });

  it('lets only owners and admins manage, and a member cannot raise their own role', async () => {
    const owner = await starterTeam();
    const member = await joinVia(owner);
    expect((await invite(member, 'friend@example.com')).json()).toEqual({ error: "Only the team's owner and admins can invite people.", code: 'forbidden' });
    expect((await invite(member, 'friend@example.com')).statusCode).toBe(403);
    const raise = await call('PATCH', `/api/team/members/${member.user.id}`, member, { role: 'admin' });
    expect(raise.statusCode).toBe(403);
    expect((await teamOf(t.database.db, member.user.id)).role).toBe('member');
    expect((await call('PATCH', '/api/team', member, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/team/members/${owner.user.id}`, member)).statusCode).toBe(403);
    expect((await call('POST', '/api/team/transfer', member, { userId: member.user.id })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/team/members/${member.user.id}`, member, { role: 'owner' })).statusCode).toBe(400);
    // A member sees the members, not the pending invitations.
    const seen = await team(member);
    expect([seen.members.length, seen.invitations]).toEqual([2, []]);
    // Nobody changes the owner's role except by transfer.
    const admin = await joinVia(owner, 'admin');
    expect((await call('PATCH', `/api/team/members/${owner.user.id}`, admin, { role: 'member' })).json()).toEqual({
      error: 'The owner’s role changes only by transferring ownership.', code: 'conflict',
    });
    expect((await call('DELETE', `/api/team/members/${owner.user.id}`, admin)).statusCode).toBe(409);
  });

  it('answers 404 for another team’s members and invitations', async () => {
    const owner = await starterTeam();
    const other = await starterTeam();
    const theirs = (await invite(other, 'theirs@example.com')).json();
    const outsider = await joinVia(other);
    for (const response of [
      await call('PATCH', `/api/team/members/${outsider.user.id}`, owner, { role: 'admin' }),
      await call('DELETE', `/api/team/members/${outsider.user.id}`, owner),
      await call('DELETE', `/api/team/invitations/${theirs.id}`, owner),
      await call('POST', '/api/team/transfer', owner, { userId: outsider.user.id }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await teamOf(t.database.db, outsider.user.id)).role).toBe('member');
    expect((await team(other)).invitations.map((i: { id: string }) => i.id)).toEqual([theirs.id]);
  });

  it('refuses an email that already belongs to a member or has a pending invitation', async () => {
    const owner = await starterTeam();
    const member = await joinVia(owner);
    expect((await invite(owner, member.user.email)).json()).toEqual({ error: 'This email already belongs to a member of your team.', code: 'conflict', field: 'email' });
    expect((await invite(owner, owner.user.email)).statusCode).toBe(409);
    expect((await invite(owner, 'twice@example.com')).statusCode).toBe(201);
    expect((await invite(owner, 'twice@example.com')).json()).toEqual({
      error: 'This email already has a pending invitation. Revoke it to send a new one.', code: 'conflict', field: 'email',
    });
  });

  it('keeps a sole owner with members from joining another team until they transfer ownership', async () => {
    const owner = await starterTeam();
    await joinVia(owner);
    const other = await starterTeam();
    const created = (await invite(other, owner.user.email)).json();
    const refused = await call('POST', `/api/invitations/${tokenOf(created.url)}/accept`, owner);
    expect(refused.json()).toEqual({ error: 'You own a team with other members: transfer ownership before you join another team.', code: 'conflict' });
    expect((await teamOf(t.database.db, owner.user.id)).role).toBe('owner');
    // The link was not used up by the refusal.
    expect((await call('GET', `/api/invitations/${tokenOf(created.url)}`)).statusCode).toBe(200);
  });

  it('answers 404 for unknown tokens and 401 for the team routes signed out', async () => {
    expect((await call('GET', '/api/invitations/not-a-real-token')).json()).toEqual({ error: 'This invitation link is not valid any more: it was used, revoked or has expired. Ask for a new one.', code: 'not_found', field: 'invitation' });
    for (const [method, url] of [['GET', '/api/team'], ['POST', '/api/team/leave'], ['POST', '/api/team/invitations']] as const) {
      expect((await call(method, url, undefined, method === 'GET' ? undefined : {})).statusCode).toBe(401);
    }
  });

  it('refuses a team name that is empty, too long or holds control characters with 400', async () => {
    const owner = await signUp(t.app);
    for (const name of ['   ', 'x'.repeat(81), 'Acme\u0000Legal', 'Acme\nLegal']) {
      const response = await call('PATCH', '/api/team', owner, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_input', field: 'name' });
    }
    expect((await team(owner)).name).toBe(owner.user.username);
  });

  it('documents the team routes in the OpenAPI document', async () => {
    const paths = Object.keys((await call('GET', '/api/openapi.json')).json().paths);
    for (const path of ['/api/team', '/api/team/invitations', '/api/team/invitations/{id}', '/api/team/members/{userId}', '/api/team/leave', '/api/team/transfer', '/api/invitations/{token}', '/api/invitations/{token}/accept']) {
      expect(paths).toContain(path);
    }
  });
});

describe('Enterprise seats', () => {
  it('holds an Enterprise team to ENTERPRISE_SEATS when the operator sets it', async () => {
    const t = await createTestApp({ env: { ENTERPRISE_SEATS: '2' } });
    try {
      const owner = await signUp(t.app);
      await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * DAY), plan: 'enterprise' });
      t.userDataChanges.changed();
      const invite = (email: string) => t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie }, payload: { email } });
      expect((await invite('first@example.com')).statusCode).toBe(201);
      const refused = await invite('second@example.com');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        'Your team uses 2 of 2 seats on the Enterprise plan (members and pending invitations count). Ask your Genie operator to raise the Enterprise seats, or revoke a pending invitation.',
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: owner.cookie } })).json().seats).toEqual({ used: 2, limit: 2 });
    } finally {
      await t.close();
    }
  });
});
