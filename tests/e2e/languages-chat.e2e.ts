import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenshot, screenForReview, uniqueUser, VIEWPORTS } from './support/browser';
import { useLanguagePages } from './support/language-pages';

const baseURL = inject('baseURL');

/**
 * Issue 44 on /chat: with the browser in German, French or Spanish, the persona carousel, the
 * message box, a sent message's reply and its actions, the sidebar and the tour speak that
 * language (an exact text each), no key is unknown to every language, and none of their English
 * remains.
 */
const EXPECTED = {
  de: {
    carousel: 'Wählen Sie Ihren Genie',
    heading: 'WÄHLEN SIE IHREN GENIE',
    title: 'Der vertrauliche Begleiter',
    skip: 'Auswahl überspringen',
    placeholder: 'Ihre Nachricht…',
    send: 'Senden',
    replied: 'GENIE hat geantwortet',
    copy: 'Kopieren',
    thumbsUp: 'Daumen hoch',
    sidebar: 'Seitenleiste',
    conversations: 'Unterhaltungen',
    newChat: 'Neuer Chat',
    tour: 'Die Genies kennenlernen',
    tryAsking: 'Fragen Sie zum Beispiel',
    closeTour: 'Tour schließen',
  },
  fr: {
    carousel: 'Choisissez votre Genie',
    heading: 'CHOISISSEZ VOTRE GENIE',
    title: 'Le compagnon confidentiel',
    skip: 'Passer la sélection',
    placeholder: 'Écrivez votre message…',
    send: 'Envoyer',
    replied: 'GENIE a répondu',
    copy: 'Copier',
    thumbsUp: 'J’aime',
    sidebar: 'Panneau latéral',
    conversations: 'Conversations',
    newChat: 'Nouvelle discussion',
    tour: 'Découvrir les Genies',
    tryAsking: 'Essayez de demander',
    closeTour: 'Fermer la visite',
  },
  es: {
    carousel: 'Elija su Genie',
    heading: 'ELIJA SU GENIE',
    title: 'El compañero confidencial',
    skip: 'Omitir la selección',
    placeholder: 'Escriba su mensaje…',
    send: 'Enviar',
    replied: 'GENIE respondió',
    copy: 'Copiar',
    thumbsUp: 'Me gusta',
    sidebar: 'Barra lateral',
    conversations: 'Conversaciones',
    newChat: 'Nuevo chat',
    tour: 'Conozca a los Genies',
    tryAsking: 'Pruebe a preguntar',
    closeTour: 'Cerrar el recorrido',
  },
} as const;

/** English of the chat screen that reads differently in all three languages: none may remain (compared without case, as CSS capitals some). */
const ENGLISH = [
  'Type your message',
  'Enter to send',
  'Search my files',
  'Start by typing a message below',
  'Change persona',
  'Browse Files',
  'Upload Files',
  'New chat',
  'New project',
  'Your wishes, kept between us.',
  'Summarise this contract in five bullet points',
  'Voice on',
];

describe('the chat in other languages', () => {
  const pages = useLanguagePages(() => baseURL);

  const pageIn = (locale: string, viewport: keyof typeof VIEWPORTS) => pages(locale, { viewport, colorScheme: 'light' });

  const signUpThroughApi = (page: Page) =>
    page.evaluate(async (body) => (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status, uniqueUser());

  async function englishLeft(page: Page) {
    const text = (await page.locator('body').innerText()).toLowerCase();
    return ENGLISH.filter((english) => text.includes(english.toLowerCase()));
  }

  for (const language of ['de', 'fr', 'es'] as const) {
    it(`shows the persona carousel, the message box, a reply's actions, the sidebar and the tour in ${language}`, async () => {
      const { page, missing } = await pageIn(language, 'desktop');
      const expected = EXPECTED[language];
      await page.goto('/');
      expect(await signUpThroughApi(page)).toBe(201);
      await page.goto('/chat');

      const carousel = page.getByRole('dialog', { name: expected.carousel });
      await carousel.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(expected.heading);
      await carousel.getByRole('article', { name: 'GENIE' }).getByText(expected.title, { exact: true }).waitFor();
      await page.getByRole('button', { name: expected.skip }).click();
      await carousel.waitFor({ state: 'detached' });

      const box = page.getByPlaceholder(expected.placeholder, { exact: true });
      await box.fill('Hello');
      await page.getByRole('button', { name: expected.send, exact: true }).click();
      const reply = page.getByRole('listitem', { name: expected.replied, exact: true });
      await reply.getByRole('button', { name: expected.copy, exact: true }).waitFor();
      expect(await reply.getByRole('button', { name: expected.thumbsUp, exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);

      const sidebar = page.getByRole('complementary', { name: expected.sidebar, exact: true });
      await sidebar.getByRole('heading', { name: expected.conversations, exact: true }).waitFor();
      expect(await sidebar.getByRole('button', { name: expected.newChat, exact: true }).count()).toBe(1);
      expect(await englishLeft(page)).toEqual([]);

      await sidebar.getByRole('button', { name: expected.tour, exact: true }).click();
      const tour = page.getByRole('dialog', { name: expected.tour, exact: true });
      await tour.getByText(expected.tryAsking, { exact: true }).first().waitFor();
      await tour.getByRole('button', { name: expected.closeTour }).click();
      await tour.waitFor({ state: 'detached' });
      expect(missing).toEqual([]);
    });
  }

  it('fits long German words on a phone: the chat with a reply, and its sidebar open', async () => {
    const { page, missing } = await pageIn('de', 'phone');
    await page.goto('/');
    expect(await signUpThroughApi(page)).toBe(201);
    await page.goto('/chat');
    await page.getByRole('dialog', { name: EXPECTED.de.carousel }).waitFor();
    expect((await screenForReview(page)).sidewaysOverflow).toBe(0);
    await screenshot(page, 'languages-chat-de-phone-carousel');
    await page.getByRole('button', { name: EXPECTED.de.skip }).click();
    await page.getByPlaceholder(EXPECTED.de.placeholder, { exact: true }).fill('Hallo');
    await page.getByRole('button', { name: EXPECTED.de.send, exact: true }).click();
    await page.getByRole('listitem', { name: EXPECTED.de.replied, exact: true }).getByRole('button', { name: EXPECTED.de.copy, exact: true }).waitFor();
    expect((await screenForReview(page)).sidewaysOverflow).toBe(0);
    await screenshot(page, 'languages-chat-de-phone');

    await page.getByRole('button', { name: 'Seitenleiste ausklappen' }).click();
    await page.getByRole('heading', { name: EXPECTED.de.conversations, exact: true }).waitFor();
    // The drawer widens over 300 ms: the screen for review is the open one.
    await page.waitForFunction(() => (document.querySelector('aside')?.getBoundingClientRect().width ?? 0) >= 319);
    expect((await screenForReview(page)).sidewaysOverflow).toBe(0);
    await screenshot(page, 'languages-chat-de-phone-sidebar');
    expect(missing).toEqual([]);
  });
});
