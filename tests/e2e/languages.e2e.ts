import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniqueUser } from './support/browser';
import { useLanguagePages } from './support/language-pages';

const baseURL = inject('baseURL');

/**
 * Issue 44: with the browser in German, French or Spanish, the translated pages show that
 * language (an exact heading each), no key unknown to every language, and none of their English;
 * the language chosen on /profile is the account's, across a reload and a new sign-in.
 */
const EXPECTED = {
  de: { hero: 'Ihr magischer KI-Assistent, vertraulich', premium: 'Wählen Sie den passenden Tarif für Ihr Team', signIn: 'Willkommen zurück', settings: 'Einstellungen' },
  fr: { hero: 'Votre assistant IA magique, en toute confidentialité', premium: 'Choisissez l’offre adaptée à votre équipe', signIn: 'Bon retour parmi nous', settings: 'Paramètres' },
  es: { hero: 'Su asistente de IA mágico, con total privacidad', premium: 'Elija el plan para su equipo', signIn: 'Bienvenido de nuevo', settings: 'Configuración' },
} as const;

/** English of the translated parts of each page: none may remain. */
const ENGLISH = {
  '/': ['Private AI that runs on your own machine', 'An assistant that keeps your secrets', 'The private AI assistant that runs on your own machine.'],
  '/premium': ['Choose the plan for your team', 'Back to home'],
  '/login': ['Welcome back', 'Forgot password?', 'New to Genie?'],
  '/profile': ['Profile Settings', 'Back to Chat', 'Member since'],
} as const;

describe('languages', () => {
  const pageIn = useLanguagePages(() => baseURL);


  const signUpThroughApi = (page: Page, user: ReturnType<typeof uniqueUser>) =>
    page.evaluate(async (body) => (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status, user);
  const signInThroughApi = (page: Page, user: ReturnType<typeof uniqueUser>) =>
    page.evaluate(async ({ email, password }) => (await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).status, user);

  async function expectNoEnglish(page: Page, path: keyof typeof ENGLISH) {
    const text = await page.locator('body').innerText();
    expect(ENGLISH[path].filter((english) => text.includes(english)), path).toEqual([]);
  }

  for (const language of ['de', 'fr', 'es'] as const) {
    it(`shows the landing, /premium, sign in and /profile in ${language}`, async () => {
      const { page, missing } = await pageIn(language);
      const expected = EXPECTED[language];

      await page.goto('/');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(expected.hero);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await expectNoEnglish(page, '/');

      await page.goto('/premium');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(expected.premium);
      await expectNoEnglish(page, '/premium');

      await page.goto('/login');
      await page.getByText(expected.signIn, { exact: true }).waitFor();
      await expectNoEnglish(page, '/login');

      expect(await signUpThroughApi(page, uniqueUser())).toBe(201);
      await page.goto('/profile?tab=settings');
      await page.getByRole('tab', { name: expected.settings }).waitFor();
      await expectNoEnglish(page, '/profile');
      expect(missing).toEqual([]);
    });
  }

  it('keeps the language chosen on /profile across a reload and for a new sign-in elsewhere', async () => {
    const { page } = await pageIn('en-US');
    const user = uniqueUser();
    await page.goto('/');
    expect(await signUpThroughApi(page, user)).toBe(201);
    await page.goto('/profile?tab=settings');
    await page.getByRole('tab', { name: 'Settings' }).waitFor();
    await page.getByLabel('Language').selectOption('fr');
    await page.getByText('Langue enregistrée').first().waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Paramètres' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // Another browser, in English and with nothing stored: the account's choice wins once signed in.
    const other = await pageIn('en-US');
    await other.page.goto('/login');
    await other.page.getByText('Welcome back', { exact: true }).waitFor();
    expect(await signInThroughApi(other.page, user)).toBe(200);
    await other.page.goto('/profile');
    await other.page.getByRole('tab', { name: 'Paramètres' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Retour au chat' }).count()).toBe(1);
  });
});
