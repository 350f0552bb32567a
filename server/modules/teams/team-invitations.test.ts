import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { createMailer } from '../../adapters/mail/mailer';
import { ManualClock } from '../../lib/clock';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { setTeamPlan, teamOf } from '../../../tests/support/teams';

const NOW = new Date('2026-09-01T08:00:00Z');
const DAY = 24 * 3600 * 1000;
const PUBLIC_URL = 'https://genie.example.com';
const GONE = 'This invitation link is not valid any more: it was used, revoked or has expired. Ask for a new one.';

type Person = Awaited<ReturnType<typeof signUp>>;

/** Issue 15 items 5 and 6: invitation mail through a real SMTP server, and sign-up through an invitation. */
describe('team invitations: mail and sign-up through a link', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url, MAIL_FROM: 'Genie <genie@example.test>' }, deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { ...(who ? { cookie: who.cookie } : {}), origin: PUBLIC_URL }, ...(payload === undefined ? {} : { payload }) });
  const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/invite/`.length);
  const signUpWith = (fields: { email: string; username: string; invitation?: string }) =>
    call('POST', '/api/auth/signup', undefined, { ...fields, password: 'correct horse battery' });
  const usersNamed = async (username: string) => (await t.database.db.select({ n: count() }).from(users).where(eq(users.username, username)))[0]!.n;
  /** A new owner whose team has Starter (3 seats): Free has one seat, so nobody to invite. */
  const starterOwner = async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() + 30 * DAY), plan: 'starter' });
    t.userDataChanges.changed(); // a direct write: the payment service announces its own
    return owner;
  };
  const teamsNamed = async (name: string) => (await t.database.db.select({ n: count() }).from(teams).where(eq(teams.name, name)))[0]!.n;

  it('emails the invitation as plain text, and the link in it signs a newcomer up into the team', async () => {
    const owner = await starterOwner();
    await call('PATCH', '/api/team', owner, { name: 'Acme Legal' });
    const seen = inbox.messages.length;
    const created = await call('POST', '/api/team/invitations', owner, { email: 'dana@example.test', role: 'admin' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'dana@example.test', role: 'admin', emailed: true, mailFailed: false });

    const mail = await inbox.next(seen);
    expect(mail.from).toBe('genie@example.test');
    expect(mail.to).toEqual(['dana@example.test']);
    expect(mail.subject).toBe(`${owner.user.username} invited you to join Acme Legal on Genie`);
    const link = /^https:\/\/genie\.example\.com\/invite\/[A-Za-z0-9_-]{43}$/m.exec(mail.text)?.[0];
    expect(link).toBe(created.json().url);
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        `${owner.user.username} invited you to join the team "Acme Legal" on Genie as an admin.`,
        '',
        'Open this link to join. You can sign in there, or create an account if you have none:',
        link,
        '',
        'The link works once and expires on 8 September 2026, 08:00 UTC.',
        'If you did not expect this invitation, ignore this email: nothing happens unless the link is opened.',
        '',
        '— Genie',
        '',
      ].join('\n'),
    );

    // Follow the link as the invitation page does: what it invites to, then sign up through it.
    const token = tokenOf(link!);
    expect((await call('GET', `/api/invitations/${token}`)).json()).toEqual({
      teamName: 'Acme Legal', invitedBy: owner.user.username, email: 'dana@example.test', role: 'admin', expiresAt: '2026-09-08T08:00:00.000Z',
    });
    const teamsBefore = (await t.database.db.select({ n: count() }).from(teams))[0]!.n;
    const signedUp = await signUpWith({ email: 'dana@example.test', username: 'dana-invited', invitation: token });
    expect(signedUp.statusCode).toBe(201);
    const dana = { cookie: signedUp.cookies.map((c) => `${c.name}=${c.value}`).join('; '), user: signedUp.json().user, password: '' };

    // Dana is an admin of Acme Legal, and no team of her own was made.
    const seenByDana = (await call('GET', '/api/team', dana)).json();
    expect(seenByDana.name).toBe('Acme Legal');
    expect(seenByDana.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      [owner.user.username, 'owner'],
      ['dana-invited', 'admin'],
    ]);
    expect((await t.database.db.select({ n: count() }).from(teams))[0]!.n).toBe(teamsBefore);
    expect(await teamsNamed('dana-invited')).toBe(0);
    const subscription = (await call('GET', '/api/user/subscription', dana)).json();
    expect(subscription.team).toEqual({ id: seenByDana.id, name: 'Acme Legal', role: 'admin' });

    // The link is used up: a second sign-up through it is refused and creates nobody.
    const again = await signUpWith({ email: 'eve@example.test', username: 'eve-replay', invitation: token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: GONE, code: 'not_found', field: 'invitation' });
    expect(await usersNamed('eve-replay')).toBe(0);
  });

  it('refuses a sign-up through an unknown link and creates no account', async () => {
    const refused = await signUpWith({ email: 'frank@example.test', username: 'frank-unknown', invitation: 'not-a-real-token' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: GONE, code: 'not_found', field: 'invitation' });
    expect(await usersNamed('frank-unknown')).toBe(0);
    expect(await teamsNamed('frank-unknown')).toBe(0);
  });

  it('refuses a sign-up through a link whose team has no seat left since its plan lapsed, and creates no account', async () => {
    const owner = await starterOwner();
    const created = (await call('POST', '/api/team/invitations', owner, { email: 'gus@example.test', role: 'member' })).json();
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() - DAY), plan: 'starter' });
    t.userDataChanges.changed();

    const refused = await signUpWith({ email: 'gus@example.test', username: 'gus-full', invitation: tokenOf(created.url) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Your team uses 2 of 1 seat on the Free plan (members and pending invitations count). Upgrade to Starter for up to 3 members or Pro for up to 10, or revoke a pending invitation.',
      code: 'seat_limit',
    });
    expect(await usersNamed('gus-full')).toBe(0);
    // The refusal did not use the link up.
    expect((await call('GET', `/api/invitations/${tokenOf(created.url)}`)).statusCode).toBe(200);
  });

  it('refuses to move a person whose own team holds a live plan, saying what they would lose; once it ends they may join', async () => {
    const inviter = await starterOwner();
    const payer = await signUp(t.app);
    await setTeamPlan(t.database.db, payer.user.id, { premiumUntil: new Date(NOW.getTime() + 30 * DAY), plan: 'pro' });
    t.userDataChanges.changed();
    const payersTeam = await teamOf(t.database.db, payer.user.id);
    const created = (await call('POST', '/api/team/invitations', inviter, { email: payer.user.email, role: 'member' })).json();

    const refused = await call('POST', `/api/invitations/${tokenOf(created.url)}/accept`, payer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `Your team "${payer.user.username}" has the Pro plan until 2026-10-01, and joining another team would give it up. Join once it ends, or invite the person who invited you into your team instead.`,
      code: 'conflict',
    });
    // Nothing moved: the payer's team and its plan are where they were, and the link still works.
    expect(await teamOf(t.database.db, payer.user.id)).toEqual(payersTeam);
    expect((await call('GET', `/api/invitations/${tokenOf(created.url)}`)).statusCode).toBe(200);

    // After the period (and within the link's 7 days) the same link moves them.
    await setTeamPlan(t.database.db, payer.user.id, { premiumUntil: new Date(NOW.getTime() - DAY), plan: 'pro' });
    t.userDataChanges.changed();
    const accepted = await call('POST', `/api/invitations/${tokenOf(created.url)}/accept`, payer);
    expect(accepted.statusCode).toBe(200);
    expect((await teamOf(t.database.db, payer.user.id)).id).toBe((await teamOf(t.database.db, inviter.user.id)).id);
    expect(await t.database.db.select().from(teams).where(eq(teams.id, payersTeam.id))).toEqual([]);
  });

  it('lets a member of a paid team with others join elsewhere: the team and its plan stay with the rest', async () => {
    const owner = await starterOwner();
    const member = await signUp(t.app);
    const first = (await call('POST', '/api/team/invitations', owner, { email: member.user.email, role: 'member' })).json();
    expect((await call('POST', `/api/invitations/${tokenOf(first.url)}/accept`, member)).statusCode).toBe(200);
    const paidTeam = await teamOf(t.database.db, owner.user.id);

    const elsewhere = await starterOwner();
    const second = (await call('POST', '/api/team/invitations', elsewhere, { email: member.user.email, role: 'member' })).json();
    expect((await call('POST', `/api/invitations/${tokenOf(second.url)}/accept`, member)).statusCode).toBe(200);
    expect((await teamOf(t.database.db, member.user.id)).id).toBe((await teamOf(t.database.db, elsewhere.user.id)).id);
    expect(await teamOf(t.database.db, owner.user.id)).toEqual(paidTeam);
    expect((await t.database.db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, paidTeam.id)))[0]!.n).toBe(1);
  });
});

describe('team invitations when mail fails or is off', () => {
  const starterOwner = async (t: TestApp) => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * DAY), plan: 'starter' });
    t.userDataChanges.changed();
    return owner;
  };

  it('keeps the invitation and says the mail failed when the relay refuses the message', async () => {
    const inbox = await startSmtpInbox();
    // A real relay that refuses Genie's password: the send fails after the invitation is stored.
    const mailer = createMailer({ SMTP_URL: inbox.url.replace('mail-secret', 'wrong-secret') });
    const t = await createTestApp({ env: { PUBLIC_URL }, deps: { mailer, logger: false } });
    try {
      const owner = await starterOwner(t);
      const created = await t.app.inject({
        method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie, origin: PUBLIC_URL }, payload: { email: 'hal@example.test', role: 'member' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ email: 'hal@example.test', emailed: false, mailFailed: true, url: expect.stringMatching(/\/invite\/[A-Za-z0-9_-]{43}$/) });
      expect(inbox.messages).toEqual([]);
      const team = (await t.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: owner.cookie } })).json();
      expect(team.invitations.map((i: { email: string }) => i.email)).toEqual(['hal@example.test']);
      // The preview works: the link shown to copy is a real one.
      const token = created.json().url.split('/invite/')[1];
      expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().email).toBe('hal@example.test');
    } finally {
      await t.close();
      await inbox.close();
    }
  });

  it('says nothing was emailed when no mail is configured', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL }, deps: { mailer: null } });
    try {
      const owner = await starterOwner(t);
      const created = await t.app.inject({
        method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie, origin: PUBLIC_URL }, payload: { email: 'ivy@example.test', role: 'member' },
      });
      expect(created.json()).toMatchObject({ emailed: false, mailFailed: false });
    } finally {
      await t.close();
    }
  });
});
