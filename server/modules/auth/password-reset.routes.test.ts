import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_ACCEPTED } from '@contract/auth';
import { passwordResetTokens } from '../../db/schema/auth';
import { ManualClock } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

const PUBLIC_URL = 'http://genie.test';
const NOW = new Date('2026-03-01T10:00:00Z');

const tokenIn = (text: string) => {
  const match = /http:\/\/genie\.test\/reset-password\?token=([A-Za-z0-9_-]{43})\n/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
};

describe('password reset by mail', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url, MAIL_FROM: 'Genie <genie@genie.test>' }, deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const confirm = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.com');
    await t.app.passwordResets.idle();
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_ACCEPTED });
    expect(inbox.messages.slice(seen).map((m) => m.to)).toEqual([[user.email]]);
    const mail = inbox.messages[seen]!;
    expect(mail.subject).toBe('Reset your Genie password');
    expect(mail.from).toBe('genie@genie.test');
    tokenIn(mail.text);
  });

  it('stores only the hash of the token, and a link resets the password once and ends every session', async () => {
    const { user, cookie } = await signUp(t.app);
    const second = cookieHeader(await login(user.email, 'correct horse battery'));
    const seen = inbox.messages.length;
    await requestReset(user.email);
    const token = tokenIn((await inbox.next(seen)).text);
    const rows = await t.database.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toEqual([{ tokenHash: hashToken(token) }]);

    const done = await confirm(token, 'a brand new passphrase');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    for (const c of [cookie, second]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: c } })).statusCode).toBe(401);
    }
    expect((await login(user.email, 'correct horse battery')).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new passphrase')).statusCode).toBe(200);

    const reused = await confirm(token, 'another new passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'This reset link is not valid: it may have expired (links last one hour) or been used already. Ask for a new one.',
      code: 'invalid_input',
      field: 'token',
    });
    expect((await login(user.email, 'another new passphrase')).statusCode).toBe(401);
  });

  it('refuses a link after its hour', async () => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    await requestReset(user.email);
    const token = tokenIn((await inbox.next(seen)).text);
    clock.advance(60 * 60 * 1000 + 1000);
    try {
      const late = await confirm(token, 'too late a passphrase');
      expect(late.statusCode).toBe(400);
      expect(late.json().field).toBe('token');
      expect((await login(user.email, 'correct horse battery')).statusCode).toBe(200);
    } finally {
      clock.set(NOW);
    }
  });

  it('refuses a forged token and a token of the wrong shape', async () => {
    const forged = await confirm('A'.repeat(43), 'forged passphrase here');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_input');
    const empty = await confirm('', 'forged passphrase here');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'token: The reset link is incomplete', code: 'invalid_input', field: 'token' });
  });

  it('refuses a common new password without using up the link', async () => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    await requestReset(user.email);
    const token = tokenIn((await inbox.next(seen)).text);
    const weak = await confirm(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    expect((await confirm(token, 'a strong new passphrase')).statusCode).toBe(200);
  });

  it('sends one account at most three mails an hour, answering the same', async () => {
    const { user } = await signUp(t.app);
    const seen = inbox.messages.length;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await requestReset(user.email));
    await t.app.passwordResets.idle();
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(inbox.messages.length - seen).toBe(3);
    clock.advance(61 * 60 * 1000);
    try {
      await requestReset(user.email);
      await t.app.passwordResets.idle();
      expect(inbox.messages.length - seen).toBe(4);
    } finally {
      clock.set(NOW);
    }
  });
});

describe('the operator\'s reset (npm run user -- reset-password)', () => {
  it('sets the password, ends every session and voids unused links', async () => {
    const inbox = await startSmtpInbox();
    const t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url } });
    try {
      const { user, cookie } = await signUp(t.app);
      const seen = inbox.messages.length; // sign-up's verification mail
      await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
      const token = tokenIn((await inbox.next(seen)).text);
      const reset = await t.app.passwordResets.resetByOperator(user.email, 'operator chose this one');
      expect(reset.id).toBe(user.id);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'operator chose this one' } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: 'a stale link passphrase' } })).statusCode).toBe(400);
      await expect(t.app.passwordResets.resetByOperator('nobody@example.com', 'whatever passphrase')).rejects.toThrow('No account uses nobody@example.com.');
    } finally {
      await t.close();
      await inbox.close();
    }
  });
});

describe('password reset without waiting for the mail', () => {
  it('answers 202 while the mail server has not answered yet', async () => {
    let release!: () => void;
    const sent: string[] = [];
    const mailer = {
      send: (message: { to: string; subject: string }) =>
        // Sign-up's verification mail goes through at once; the reset mail waits for the test.
        message.subject !== 'Reset your Genie password'
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              sent.push(message.to);
              release = resolve;
            }),
      close: () => undefined,
    };
    const t = await createTestApp({ env: { PUBLIC_URL }, deps: { mailer } });
    try {
      const { user } = await signUp(t.app);
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
      expect(answer.statusCode).toBe(202);
      while (sent.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(sent).toEqual([user.email]);
      release();
      await t.app.passwordResets.idle();
    } finally {
      await t.close();
    }
  });
});

describe('password reset limits and settings', () => {
  it('limits requests per client address', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' }, deps: { mailer: null } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: `x${i}@example.com` } })).statusCode);
      expect(codes).toEqual([202, 202, 429]);
    } finally {
      await t.close();
    }
  });

  it('tells the pages to send people to the operator when SMTP is not set', async () => {
    const t = await createTestApp({ deps: { mailer: null } });
    try {
      const options = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
      expect(options.json()).toEqual({ passwords: true, passwordReset: 'operator', sso: null, ldap: false });
    } finally {
      await t.close();
    }
  });
});
