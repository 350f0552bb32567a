import { describe, expect, it } from 'vitest';
import { errorSentence } from './error-sentence';
import { HttpError } from './request';

describe('errorSentence', () => {
  it("is the server's sentence when the body is one of our JSON errors", () => {
    const error = new HttpError(409, JSON.stringify({ error: 'A folder with that name already exists.', code: 'conflict' }), 'Conflict');
    expect(errorSentence(error, 'Network error. Please try again.')).toBe('A folder with that name already exists.');
  });

  it("is SPEC §8's status and body when the body is not one of our errors", () => {
    expect(errorSentence(new HttpError(502, 'Bad gateway from the proxy', 'Bad Gateway'))).toBe('502: Bad gateway from the proxy');
  });

  it('is the status text when the body is empty', () => {
    expect(errorSentence(new HttpError(503, '', 'Service Unavailable'))).toBe('503: Service Unavailable');
  });

  it('is the fallback for a failure that never reached the server', () => {
    expect(errorSentence(new TypeError('Failed to fetch'), 'Network error. Please try again.')).toBe('Network error. Please try again.');
  });

  it("is the error's own message when no fallback is given", () => {
    expect(errorSentence(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('errorSentence in another language (issue 44)', () => {
  it('says a known server sentence in the page’s language, keeping a schema message’s field', async () => {
    const { applyLanguage } = await import('./i18n/i18n');
    const { loadServerSentences } = await import('./i18n/server-sentences');
    await applyLanguage('de');
    await loadServerSentences(); // started by the change of language; an error a moment later finds it loaded
    try {
      const wrong = new HttpError(401, JSON.stringify({ error: 'The email or password is incorrect.', code: 'invalid_credentials' }), 'Unauthorized');
      expect(errorSentence(wrong)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
      const short = new HttpError(400, JSON.stringify({ error: 'password: Password must be at least 8 characters', code: 'invalid_input' }), 'Bad Request');
      expect(errorSentence(short)).toBe('password: Das Passwort muss mindestens 8 Zeichen lang sein');
      const unknown = new HttpError(409, JSON.stringify({ error: 'A folder with that name already exists.', code: 'conflict' }), 'Conflict');
      expect(errorSentence(unknown)).toBe('A folder with that name already exists.');
    } finally {
      await applyLanguage('en');
    }
  });
});
