import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox';
import { createMailer } from './mailer';

describe('mailer', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.close();
  });

  it('is absent when SMTP_URL is unset, so nothing pretends to send', () => {
    expect(createMailer({})).toBeNull();
  });

  it('delivers a plain-text message through a real SMTP server with a password', async () => {
    const mailer = createMailer({ SMTP_URL: inbox.url, MAIL_FROM: 'Genie <genie@example.test>' })!;
    await mailer.send({ to: 'ana@example.test', subject: 'Join Acme on Genie', text: 'Open http://127.0.0.1/invite/abc to join.' });
    mailer.close();
    const mail = await inbox.next(0);
    expect(mail).toEqual({ from: 'genie@example.test', to: ['ana@example.test'], subject: 'Join Acme on Genie', text: 'Open http://127.0.0.1/invite/abc to join.\n' });
  });

  it('fails loudly when the relay refuses the password', async () => {
    const wrong = inbox.url.replace('mail-secret', 'wrong');
    const mailer = createMailer({ SMTP_URL: wrong })!;
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(/Invalid username or password/);
    mailer.close();
  });
});
