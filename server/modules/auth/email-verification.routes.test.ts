import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens } from '../../db/schema/auth';
import { ManualClock } from '../../lib/clock';
import { NO_PUBLIC_URL } from '../../lib/public-links';
import { hashToken } from '../../lib/tokens';
import { NO_MAIL_FOR_VERIFICATION, VERIFY_LINK_INVALID } from './email-verification.service';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

const PUBLIC_URL = 'https://genie.example.com';
const NOW = new Date('2026-05-01T09:00:00Z');

describe('email verification by mail (issue 38)', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url }, deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const mailsTo = async (email: string) => {
    await t.app.emailVerification.idle();
    return inbox.messages.filter((m) => m.to[0] === email);
  };
  const tokenIn = (text: string) => new RegExp('^https://genie\\.example\\.com/verify-email\\?token=([A-Za-z0-9_-]{43})$', 'm').exec(text)![1]!;
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const resend = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;

  it('mails a link at sign-up, from PUBLIC_URL whatever the Host, storing only its hash; the link verifies once', async () => {
    const email = 'new-person@example.test';
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { host: '203.0.113.66' }, payload: { email, username: 'newperson', password: 'correct horse battery' } });
    expect(signup.json().user.emailVerified).toBe(false);
    const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Verify your email for Genie');
    expect(mail!.text.match(/https?:\/\/\S+/g)!.map((l) => l.replace(/token=[A-Za-z0-9_-]{43}$/, 'token=T'))).toEqual([`${PUBLIC_URL}/verify-email?token=T`]);
    const token = tokenIn(mail!.text);
    const rows = await t.database.db.select({ tokenHash: emailVerificationTokens.tokenHash, email: emailVerificationTokens.email }).from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, signup.json().user.id));
    expect(rows).toEqual([{ tokenHash: hashToken(token), email }]);

    expect([(await verify(token)).statusCode, (await me(cookie)).emailVerified]).toEqual([200, true]);
    const again = await verify(token);
    expect([again.statusCode, again.json()]).toEqual([400, { error: VERIFY_LINK_INVALID, code: 'invalid_input', field: 'token' }]);
    const resent = await resend(cookie);
    expect([resent.statusCode, resent.json()]).toEqual([409, { error: 'Your email is already verified.', code: 'conflict' }]);
  });

  it('refuses an expired link and an unknown one', async () => {
    const { user } = await signUp(t.app);
    const token = tokenIn((await mailsTo(user.email))[0]!.text);
    clock.advance(24 * 3600 * 1000 + 1);
    expect((await verify(token)).json().error).toBe(VERIFY_LINK_INVALID);
    expect((await verify('x'.repeat(43))).json().error).toBe(VERIFY_LINK_INVALID);
  });

  it('resends for the signed-in user only, three an hour', async () => {
    expect((await resend()).statusCode).toBe(401);
    const { user, cookie } = await signUp(t.app);
    await mailsTo(user.email);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await resend(cookie)).statusCode);
    expect(answers).toEqual([202, 202, 429]);
    expect((await resend(cookie)).json().error).toBe(`${user.email} was sent as many verification mails as an hour allows. Open the latest one, or try again in an hour.`);
    const mails = await mailsTo(user.email);
    expect(mails.length).toBe(3);
    expect([(await verify(tokenIn(mails[2]!.text))).statusCode, (await me(cookie)).emailVerified]).toEqual([200, true]);
  });

  it('makes a changed address unverified again, and a link mailed to the old one does not verify the new one', async () => {
    const { user, cookie } = await signUp(t.app);
    const first = tokenIn((await mailsTo(user.email))[0]!.text);
    expect((await verify(first)).statusCode).toBe(200);
    await resend(cookie).then((r) => expect(r.statusCode).toBe(409));
    const moved = `moved-${user.email}`;
    const changed = await t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie }, payload: { email: moved, username: user.username } });
    expect(changed.statusCode).toBe(200);
    expect((await me(cookie)).emailVerified).toBe(false);
    // A link issued for the old address (before the change) is refused for the new one.
    await t.database.db.insert(emailVerificationTokens).values({ userId: user.id, email: user.email, tokenHash: hashToken('old-address-token'), createdAt: NOW, expiresAt: new Date(clock.now().getTime() + 3600_000) });
    expect((await verify('old-address-token')).json().error).toBe(VERIFY_LINK_INVALID);
    expect((await me(cookie)).emailVerified).toBe(false);
  });
});

describe('email verification without mail, or without PUBLIC_URL', () => {
  it('says plainly that no verification mail can be sent', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL }, deps: { mailer: null } });
    try {
      const { cookie } = await signUp(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie } });
      expect([response.statusCode, response.json()]).toEqual([503, { error: NO_MAIL_FOR_VERIFICATION, code: 'unavailable' }]);
    } finally {
      await t.close();
    }
  });

  it('refuses to mail a link without PUBLIC_URL, whatever the Host', async () => {
    const inbox = await startSmtpInbox();
    const t = await createTestApp({ env: { SMTP_URL: inbox.url } });
    try {
      const { cookie } = await signUp(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie, host: '203.0.113.66:8443' } });
      await t.app.emailVerification.idle();
      expect([response.statusCode, response.json()]).toEqual([503, { error: NO_PUBLIC_URL, code: 'public_url_unset' }]);
      expect(inbox.messages).toEqual([]);
    } finally {
      await t.close();
      await inbox.close();
    }
  });
});
