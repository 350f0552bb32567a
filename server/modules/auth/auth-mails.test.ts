import { describe, expect, it } from 'vitest';
import { resetMail, verificationMail } from './auth-mails';

const facts = { to: 'ana@example.test', username: 'ana', link: 'https://genie.example.com/x?token=T' };

describe('the sign-in mails in the recipient’s language (issue 44)', () => {
  it.each([
    ['de', 'Bestätigen Sie Ihre E-Mail-Adresse für Genie', 'Hallo ana,'],
    ['fr', 'Vérifiez votre e-mail pour Genie', 'Bonjour ana,'],
    ['es', 'Verifique su correo electrónico para Genie', 'Hola, ana:'],
  ] as const)('writes the verification mail in %s', (language, subject, greeting) => {
    const mail = verificationMail(language, facts);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')[0]).toBe(greeting);
    expect(mail.text.split('\n')[4]).toBe(facts.link);
  });

  it.each([
    ['de', 'Setzen Sie Ihr Genie-Passwort zurück'],
    ['fr', 'Réinitialisez votre mot de passe Genie'],
    ['es', 'Restablezca su contraseña de Genie'],
  ] as const)('writes the password reset mail in %s', (language, subject) => {
    const mail = resetMail(language, facts);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')[4]).toBe(facts.link);
  });

  it('keeps the English mail as it always was', () => {
    expect(resetMail('en', facts)).toEqual({
      to: 'ana@example.test',
      subject: 'Reset your Genie password',
      text: [
        'Hello ana,',
        '',
        'Someone (we hope you) asked to reset the password of your Genie account. Open this link to choose a new one:',
        '',
        facts.link,
        '',
        'The link works once, for one hour. Resetting signs you out everywhere.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  });
});
