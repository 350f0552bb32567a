import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation-mail';

const facts = { to: 'dana@example.test', teamName: 'Acme Legal', invitedBy: 'ana', role: 'admin' as const, url: 'https://genie.example.com/invite/T', expiresAt: new Date('2026-11-24T08:00:00Z') };

describe('the invitation mail in the invitee’s language (issue 44)', () => {
  it.each([
    ['de', 'ana hat Sie eingeladen, Acme Legal auf Genie beizutreten', 'Der Link funktioniert einmal und läuft am 24. November 2026, 08:00 UTC ab.'],
    ['fr', 'ana vous invite à rejoindre Acme Legal sur Genie', 'Le lien fonctionne une fois et expire le 24 novembre 2026, 08:00 UTC.'],
    ['es', 'ana le ha invitado a unirse a Acme Legal en Genie', 'El enlace funciona una vez y caduca el 24 de noviembre de 2026, 08:00 UTC.'],
  ] as const)('is written in %s, its expiry date too', (language, subject, expiry) => {
    const mail = invitationMail(language, facts);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')).toContain(expiry);
    expect(mail.text.split('\n')).toContain(facts.url);
  });

  it('keeps the English date as it was', () => {
    expect(invitationMail('en', facts).text.split('\n')).toContain('The link works once and expires on 24 November 2026, 08:00 UTC.');
  });
});
