import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { signUp, type TestApp } from '../../../tests/support/test-app';

const PUBLIC_URL = 'http://genie.test';
const tokenIn = (text: string) => /http:\/\/genie\.test\/reset-password\?token=([A-Za-z0-9_-]{43})\n/.exec(text)?.[1];

describe('the admin\'s "send password reset" (POST /api/admin/users/:id/password-reset)', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let admin: { authorization: string };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createAdminTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url, MAIL_FROM: 'Genie <genie@genie.test>' } });
    admin = await adminHeaders(t.app);
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const send = (id: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/password-reset`, headers });

  it('mails the /forgot-password link, which sets a new password, and records the action', async () => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    const response = await send(user.id);
    expect([response.statusCode, response.json()]).toEqual([202, { message: `A reset link was mailed to ${user.email}. It works once, for one hour.` }]);
    const mail = await inbox.next(seen);
    expect([mail.to, mail.subject]).toEqual([[user.email], 'Reset your Genie password']);
    const token = tokenIn(mail.text)!;
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: 'set by the owner after all' } });
    expect(confirmed.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'set by the owner after all' } });
    expect(login.statusCode).toBe(200);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=send_password_reset', headers: admin });
    expect(audit.json().entries.map((e: { admin: string; action: string; target: string; targetUserId: string }) => [e.admin, e.action, e.target, e.targetUserId])).toEqual([
      ['root', 'send_password_reset', user.email, user.id],
    ]);
  });

  it('answers 401 without an admin token, 404 for an unknown user, 400 for a malformed id', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await send(user.id, {})).statusCode).toBe(401);
    expect((await send(user.id, { cookie })).statusCode).toBe(401);
    const unknown = await send('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'That user was not found.']);
    const malformed = await send('not-a-uuid');
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'id: That user was not found.']);
  });

  it('keeps the per-account limit of the reset mail (three an hour), saying what to do instead', async () => {
    const { user } = await signUp(t.app);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await send(user.id)).statusCode);
    const fourth = await send(user.id);
    expect([...codes, fourth.statusCode]).toEqual([202, 202, 202, 429]);
    expect(fourth.json().error).toBe(
      `${user.email} was sent as many reset mails as an hour allows. Wait an hour, or reset on the server with: npm run user -- reset-password ${user.email}`,
    );
  });
});

describe('the admin\'s "send password reset" without SMTP', () => {
  it('tells the admin how the operator resets on the server, and records nothing', async () => {
    const t = await createAdminTestApp();
    try {
      const admin = await adminHeaders(t.app);
      const { user } = await signUp(t.app);
      const response = await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/password-reset`, headers: admin });
      expect([response.statusCode, response.json().error]).toEqual([
        409,
        `This Genie sends no mail (SMTP_URL is not set), so no link can be mailed. Reset the password on the server with: npm run user -- reset-password ${user.email}`,
      ]);
      const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=send_password_reset', headers: admin });
      expect(audit.json().entries).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
