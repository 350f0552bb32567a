import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { setTeamPlan } from '../../../tests/support/teams';

const PUBLIC_URL = 'https://genie.example.com';
const NOW = new Date('2026-09-01T08:00:00Z');

/** Issue 44 through a real SMTP server: each mail in the recipient's language, chosen as SPEC says. */
describe('mail in the recipient’s language', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: inbox.url }, deps: { clock: new ManualClock(NOW) } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const headers = (cookie: string | undefined, acceptLanguage: string) => ({ origin: PUBLIC_URL, 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) });
  const mailTo = (email: string) => inbox.messages.filter((m) => m.to[0] === email).at(-1);
  const chooseLanguage = async (cookie: string, language: string) => {
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: headers(cookie, 'en'), payload: { language } });
    expect(saved.statusCode).toBe(200);
  };

  it('writes the verification mail of a sign-up in the language of the browser that signed up', async () => {
    const email = 'sofia@example.test';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: headers(undefined, 'es-MX, es;q=0.9, en;q=0.5'),
      payload: { email, username: 'sofia', password: 'correct horse battery' },
    });
    expect(signup.statusCode).toBe(201);
    await t.app.emailVerification.idle();
    expect(mailTo(email)?.subject).toBe('Verifique su correo electrónico para Genie');

    // Asked again from a French page: the account has no language of its own, so the request's.
    const resent = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: headers(cookieHeader(signup), 'fr') });
    expect(resent.statusCode).toBe(202);
    expect(mailTo(email)?.subject).toBe('Vérifiez votre e-mail pour Genie');
  });

  it('writes a password reset in the account’s language, whatever the requesting browser speaks', async () => {
    const { user, cookie } = await signUp(t.app);
    await chooseLanguage(cookie, 'de');
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: headers(undefined, 'fr'), payload: { email: user.email } });
    expect(asked.statusCode).toBe(202);
    await t.app.passwordResets.idle();
    expect(mailTo(user.email)?.subject).toBe('Setzen Sie Ihr Genie-Passwort zurück');
  });

  it('writes an invitation to a new address in the inviter’s page’s language, and to an account in the account’s', async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(NOW.getTime() + 30 * 24 * 3600 * 1000), plan: 'starter' });
    t.userDataChanges.changed();
    const invite = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: headers(owner.cookie, 'fr-FR,fr;q=0.9'), payload: { email, role: 'member' } });

    expect((await invite('newcomer@example.test')).statusCode).toBe(201);
    expect(mailTo('newcomer@example.test')?.subject).toBe(`${owner.user.username} vous invite à rejoindre ${owner.user.username} sur Genie`);

    const member = await signUp(t.app);
    await chooseLanguage(member.cookie, 'es');
    expect((await invite(member.user.email)).statusCode).toBe(201);
    expect(mailTo(member.user.email)?.subject).toBe(`${owner.user.username} le ha invitado a unirse a ${owner.user.username} en Genie`);
  });
});
