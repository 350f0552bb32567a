import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from './i18n';
import { loadServerSentences, translatedServerSentence } from './server-sentences';

async function inLanguage(language: 'de' | 'fr' | 'es') {
  await applyLanguage(language);
  await loadServerSentences();
}

describe('translatedServerSentence', () => {
  afterEach(async () => applyLanguage('en'));

  it('leaves the server’s English as it is on an English page', () => {
    expect(translatedServerSentence('Please sign in to continue.')).toBe('Please sign in to continue.');
  });

  it('says a sentence without values in the page’s language', async () => {
    await inLanguage('fr');
    expect(translatedServerSentence('That conversation was not found.')).toBe('Cette conversation est introuvable.');
    await inLanguage('es');
    expect(translatedServerSentence('Please sign in to continue.')).toBe('Inicie sesión para continuar.');
  });

  it('puts the server’s values back, choosing the plural form by count', async () => {
    await inLanguage('de');
    expect(translatedServerSentence('You are sending messages too quickly (10 a minute). Try again in 1 second.')).toBe(
      'Sie senden Nachrichten zu schnell (10 pro Minute). Versuchen Sie es in 1 Sekunde erneut.',
    );
    expect(translatedServerSentence('Too many attempts. Try again in 15 minutes.')).toBe('Zu viele Versuche. Versuchen Sie es in 15 Minuten erneut.');
    expect(translatedServerSentence('No account uses ana@example.com.')).toBe('Kein Konto verwendet ana@example.com.');
  });

  it('translates a sentence the server put inside another, and writes a grouped number the page’s way', async () => {
    await inLanguage('de');
    expect(
      translatedServerSentence(
        'Your team uses 3 of 3 seats on the Starter plan (members and pending invitations count). Upgrade to Pro for up to 10 members, or revoke a pending invitation.',
      ),
    ).toBe(
      'Ihr Team belegt 3 von 3 Plätzen im Tarif Starter (Mitglieder und offene Einladungen zählen). Wechseln Sie zu Pro für bis zu 10 Mitglieder, oder widerrufen Sie eine offene Einladung.',
    );
    expect(
      translatedServerSentence(
        'You have used your monthly budget of 1,000,000 tokens. It renews on the 1st of next month (UTC). Your team owner can change this on the Team page.',
      ),
    ).toBe(
      'Sie haben Ihr Monatsbudget von 1.000.000 Tokens verbraucht. Es erneuert sich am 1. des nächsten Monats (UTC). Der Eigentümer Ihres Teams kann das auf der Team-Seite ändern.',
    );
  });

  it('keeps a schema message’s field and shows a sentence it does not know as the server wrote it', async () => {
    await inLanguage('es');
    expect(translatedServerSentence('email: Enter a valid email address')).toBe('email: Introduzca una dirección de correo electrónico válida');
    expect(translatedServerSentence('Something entirely new happened.')).toBe('Something entirely new happened.');
  });
});
