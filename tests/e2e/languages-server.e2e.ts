import { describe, expect, inject, it } from 'vitest';
import { screenForReview, screenshot, uniqueUser } from './support/browser';
import { useLanguagePages } from './support/language-pages';

const baseURL = inject('baseURL');

/**
 * Issue 44, the server's sentences: with the browser in German, French or Spanish, a sentence the
 * server answers in English (a refused sign-in, a refused sign-up) is shown in the page's language
 * (client/src/locales/<language>/server.json), with no key unknown to every language and none of
 * the English left.
 */
const EXPECTED = {
  de: { wrong: 'E-Mail-Adresse oder Passwort ist falsch.', taken: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.' },
  fr: { wrong: 'L’e-mail ou le mot de passe est incorrect.', taken: 'Un compte existe déjà avec cet e-mail.' },
  es: { wrong: 'El correo electrónico o la contraseña no son correctos.', taken: 'Ya existe una cuenta con este correo electrónico.' },
} as const;
const ENGLISH = ['The email or password is incorrect.', 'An account with this email already exists.'];

describe('the server’s sentences in the page’s language', () => {
  const pageIn = useLanguagePages(() => baseURL);

  for (const language of ['de', 'fr', 'es'] as const) {
    it(`says a refused sign-in and a refused sign-up in ${language}`, async () => {
      // German's long words on a phone: the screen is kept for a person to look at.
      const { page, missing } = await pageIn(language, { viewport: language === 'de' ? 'phone' : 'desktop' });
      const user = uniqueUser();
      const taken = await page.request.post('/api/auth/signup', { data: user });
      expect(taken.status()).toBe(201);
      await page.context().clearCookies(); // signed out again: /login and /signup show their forms

      await page.goto('/login');
      await page.locator('#email').fill(user.email);
      await page.locator('input[type="password"]').fill('not the passphrase');
      await page.locator('button[type="submit"]').click();
      expect(await page.locator('#auth-error').innerText()).toBe(EXPECTED[language].wrong);

      await page.goto('/signup');
      await page.locator('#email').fill(user.email);
      await page.locator('#username').fill(`${user.username}x`);
      await page.locator('input[type="password"]').fill('another private passphrase');
      await page.locator('button[type="submit"]').click();
      expect(await page.locator('#auth-error').innerText()).toBe(EXPECTED[language].taken);

      if (language === 'de') {
        expect((await screenForReview(page)).sidewaysOverflow).toBe(0);
        await screenshot(page, 'languages-server-signup-de-phone');
      }
      const text = await page.locator('body').innerText();
      expect(ENGLISH.filter((english) => text.includes(english))).toEqual([]);
      expect(missing).toEqual([]);
    });
  }
});
