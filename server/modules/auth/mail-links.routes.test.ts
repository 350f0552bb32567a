import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PUBLIC_URL } from '../../lib/public-links';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { setTeamPlan } from '../../../tests/support/teams';

/**
 * Issue 38: links in mail come only from PUBLIC_URL. With it unset (reach-by-address), a request
 * with `Host: 203.0.113.66` got the victim mailed a genuine reset link to that address.
 */
const HOSTILE_HOSTS = ['203.0.113.66', '203.0.113.66:8443', '[2001:db8::66]'];
const REFUSAL = { error: NO_PUBLIC_URL, code: 'public_url_unset' };
const DAY = 24 * 3600 * 1000;

type Person = Awaited<ReturnType<typeof signUp>>;
const starterOwner = async (t: TestApp) => {
  const owner = await signUp(t.app);
  await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * DAY), plan: 'starter' });
  t.userDataChanges.changed();
  return owner;
};
const invite = (t: TestApp, owner: Person, email: string, host: string) =>
  t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie, host }, payload: { email, role: 'member' } });

describe('mail links with PUBLIC_URL unset (mail configured)', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createAdminTestApp({ env: { SMTP_URL: inbox.url } });
    admin = await adminHeaders(t.app);
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it.each(HOSTILE_HOSTS)('refuses a password reset asked with Host %s, and mails nothing', async (host) => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: { host }, payload: { email: user.email } });
    await t.app.passwordResets.idle();
    expect([response.statusCode, response.json()]).toEqual([503, REFUSAL]);
    expect(inbox.messages.slice(seen)).toEqual([]);
  });

  it('refuses the admin\'s "send password reset" the same way', async () => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/password-reset`, headers: { ...admin, host: '203.0.113.66' } });
    expect([response.statusCode, response.json()]).toEqual([503, REFUSAL]);
    expect(inbox.messages.slice(seen)).toEqual([]);
  });

  it.each(HOSTILE_HOSTS)('refuses an invitation asked with Host %s: nothing mailed, nothing created', async (host) => {
    const owner = await starterOwner(t);
    const seen = inbox.messages.length;
    const response = await invite(t, owner, 'guest@example.test', host);
    expect([response.statusCode, response.json()]).toEqual([503, REFUSAL]);
    expect(inbox.messages.slice(seen)).toEqual([]);
    const team = await t.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: owner.cookie } });
    expect(team.json().invitations).toEqual([]);
  });

  it('tells the sign-in pages that a reset goes through the operator', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json()).toEqual({ passwords: true, passwordReset: 'operator', sso: null, ldap: false });
  });
});

describe('mail links with PUBLIC_URL set', () => {
  const PUBLIC_URL = 'https://genie.example.com';
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

  it.each(HOSTILE_HOSTS)('builds the reset link from PUBLIC_URL whatever the Host (%s)', async (host) => {
    const { user } = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: { host }, payload: { email: user.email } });
    await t.app.passwordResets.idle();
    const mail = inbox.messages.find((m) => m.to[0] === user.email && m.subject === 'Reset your Genie password')!;
    expect(linksIn(mail.text).map((l) => l.replace(/token=[A-Za-z0-9_-]{43}$/, 'token=T'))).toEqual([`${PUBLIC_URL}/reset-password?token=T`]);
  });

  it.each(HOSTILE_HOSTS)('builds the invitation link from PUBLIC_URL whatever the Host (%s)', async (host) => {
    const owner = await starterOwner(t);
    const email = `guest${Math.floor(Math.random() * 1e9)}@example.test`;
    const response = await invite(t, owner, email, host);
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(/^https:\/\/genie\.example\.com\/invite\/[A-Za-z0-9_-]{43}$/);
    const mail = await waitForMailTo(inbox, email);
    expect(linksIn(mail.text)).toEqual([response.json().url]);
  });
});

describe('the start with mail but without PUBLIC_URL', () => {
  it('warns once that no link will be mailed', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://u:p@127.0.0.1:9' }, deps: { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } } });
    try {
      await t.app.inject({ method: 'GET', url: '/api/auth/options' });
      const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.msg === NO_PUBLIC_URL);
      expect(warnings.map((w) => w.level)).toEqual([40]);
    } finally {
      await t.close();
    }
  });
});

async function waitForMailTo(inbox: SmtpInbox, to: string) {
  for (let seen = 0; ; seen++) {
    const mail = await inbox.next(seen);
    if (mail.to.includes(to)) return mail;
  }
}
