import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedWebhookHeaders } from '../support/webhook';
import { E2E_WEBHOOK_SECRET } from './support/admin-credentials';
import { screenForReview, screenshot, uniqueUser } from './support/browser';
import { useLanguagePages } from './support/language-pages';

const baseURL = inject('baseURL');

/**
 * Issue 44 (h-i18n-teams): in German, French and Spanish the whole landing page (the demo form's
 * checks included), /premium's plan cards and /team for an owner show that language (an exact
 * heading or label each), no key unknown to every language, and none of their English.
 */
const EXPECTED = {
  de: {
    useCases: 'Sechs Aufgaben, die Genie Ihnen abnimmt',
    faq: 'Fragen und Antworten',
    demoForm: 'Erzählen Sie uns von sich',
    submit: 'Demo anfragen',
    nameMissing: 'Bitte geben Sie Ihren Namen ein.',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    useCaseMissing: 'Bitte wählen Sie einen Anwendungsfall.',
    useCaseOption: 'Inhalte und Kommunikation',
    submitted: 'Demo-Anfrage gesendet! Wir melden uns in Kürze bei Ihnen.',
    subscribe: 'Jetzt abonnieren',
    yourChoice: 'Ihre Wahl',
    proFeature: 'Priorisierter Support',
    included: 'In jedem Tarif enthalten',
    members: 'Mitglieder',
    invite: 'Jemanden einladen',
    invitations: 'Offene Einladungen',
    usage: 'Nutzung und Kosten',
    seats: '2 von 3 belegt',
    linkFor: (email: string) => `Einladungslink für ${email}`,
    join: (team: string) => `${team} auf Genie beitreten`,
  },
  fr: {
    useCases: 'Six tâches dont Genie vous décharge',
    faq: 'Vos questions, nos réponses',
    demoForm: 'Parlez-nous de vous',
    submit: 'Demander une démo',
    nameMissing: 'Veuillez indiquer votre nom.',
    emailInvalid: 'Veuillez indiquer une adresse e-mail valide.',
    useCaseMissing: 'Veuillez choisir un cas d’usage.',
    useCaseOption: 'Contenu et communication',
    submitted: 'Demande de démo envoyée ! Nous vous contacterons très bientôt.',
    subscribe: 'S’abonner',
    yourChoice: 'Votre choix',
    proFeature: 'Support prioritaire',
    included: 'Inclus dans chaque offre',
    members: 'Membres',
    invite: 'Inviter quelqu’un',
    invitations: 'Invitations en attente',
    usage: 'Utilisation et coût',
    seats: '2 sur 3 utilisées',
    linkFor: (email: string) => `Lien d’invitation pour ${email}`,
    join: (team: string) => `Rejoindre ${team} sur Genie`,
  },
  es: {
    useCases: 'Seis tareas de las que Genie se encarga',
    faq: 'Preguntas y respuestas',
    demoForm: 'Háblenos de usted',
    submit: 'Solicitar una demo',
    nameMissing: 'Introduzca su nombre.',
    emailInvalid: 'Introduzca una dirección de correo válida.',
    useCaseMissing: 'Elija un caso de uso.',
    useCaseOption: 'Contenido y comunicación',
    submitted: '¡Solicitud de demo enviada! Nos pondremos en contacto con usted en breve.',
    subscribe: 'Suscribirse ahora',
    yourChoice: 'Su elección',
    proFeature: 'Soporte prioritario',
    included: 'Todos los planes incluyen',
    members: 'Miembros',
    invite: 'Invitar a alguien',
    invitations: 'Invitaciones pendientes',
    usage: 'Uso y coste',
    seats: '2 de 3 en uso',
    linkFor: (email: string) => `Enlace de invitación para ${email}`,
    join: (team: string) => `Únase a ${team} en Genie`,
  },
} as const;

/** English of each page's translated parts (a sentence or label from every section): none may remain. */
const ENGLISH = {
  '/': [
    'Built for people who cannot leak a document',
    'Six jobs Genie takes off your plate',
    'Up and running in four steps',
    'Security and compliance',
    'Data residency on request',
    'Simple plans that grow with your team',
    'Billed monthly',
    'Priority support',
    'What the hours are worth',
    'less routine work',
    'Questions, answered',
    'Which plan do I need?',
    'Tell us about you',
    'Work email',
    'Choose a use case',
    'We use your details only to arrange your demo.',
  ],
  '/premium': ['Subscribe Now', 'Contact Sales', 'Your choice', 'Billed monthly', 'Priced for your organisation', 'Core templates', 'Every plan includes', 'Private until shared'],
  '/team': [
    'Back to Chat',
    'Your team',
    'Members and pending invitations take a seat.',
    'Only you so far.',
    'Invite someone',
    'Admins can invite, change roles and remove members.',
    'Pending invitations',
    'Copy this link and send it to',
    'Monthly tokens per member',
    'Image generation',
    'Usage and cost',
    'Export CSV',
    'No model calls this month.',
    'No events match.',
  ],
} as const;

describe('languages: teams, landing and premium', () => {
  const pages = useLanguagePages(() => baseURL);

  /** A phone-sized page whose browser speaks `locale`. */
  const pageIn = (locale: string) => pages(locale, { viewport: 'phone' });

  async function expectNoEnglish(page: Page, path: keyof typeof ENGLISH) {
    const text = await page.locator('body').innerText();
    expect(ENGLISH[path].filter((english) => text.includes(english)), path).toEqual([]);
  }

  const validationMessage = (page: Page, selector: string) => page.locator(selector).evaluate((field: HTMLInputElement | HTMLSelectElement) => field.validationMessage);

  /** Buttons and links whose words are cut off or spill out (a long German word in a narrow button). */
  const overflowingControls = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main button, main a, main [role="tab"]')]
        .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.innerText.trim()),
    );

  /** A signed-up owner whose team is on Starter (3 seats), bought through a signed payment webhook. */
  async function ownerOnStarter(page: Page) {
    const user = uniqueUser();
    const signUp = await page.request.post('/api/auth/signup', { data: user });
    expect(signUp.status()).toBe(201);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
    const payment = JSON.stringify({
      eventId: `evt-lang-${user.username}`, userId: me.user.id, cryptocurrency: 'BTC', amount: '0.00081234', amountUSD: '49.00', status: 'confirmed', plan: 'starter', txHash: `0xlang${user.username}`,
    });
    const webhook = await page.request.post('/api/payments/webhook', { headers: signedWebhookHeaders(E2E_WEBHOOK_SECRET, payment), data: payment });
    expect(webhook.status()).toBe(200);
    return user;
  }

  for (const language of ['de', 'fr', 'es'] as const) {
    it(`shows the landing page, its demo form, /premium and /team in ${language}`, async () => {
      const { page, missing, alerts } = await pageIn(language);
      const expected = EXPECTED[language];

      // The landing page: every section, then the demo form's own checks and its success alert.
      await page.goto('/');
      expect(await page.locator('#use-cases-title').innerText()).toBe(expected.useCases);
      expect(await page.locator('#faq-title').innerText()).toBe(expected.faq);
      expect(await page.locator('#demo-form-title').innerText()).toBe(expected.demoForm);
      expect(await page.locator('#demo-usecase option[value="content-comms"]').innerText()).toBe(expected.useCaseOption);
      await expectNoEnglish(page, '/');

      const submit = page.locator('form[aria-labelledby="demo-form-title"]').getByRole('button', { name: expected.submit });
      await submit.click();
      expect(await validationMessage(page, '#demo-name')).toBe(expected.nameMissing);
      await page.locator('#demo-name').fill('Ada Lovelace');
      await page.locator('#demo-email').fill('not-an-address');
      await submit.click();
      expect(await validationMessage(page, '#demo-email')).toBe(expected.emailInvalid);
      await page.locator('#demo-email').fill(`ada.${language}@example.com`);
      await submit.click();
      expect(await validationMessage(page, '#demo-usecase')).toBe(expected.useCaseMissing);
      expect(alerts).toEqual([]);
      await page.locator('#demo-usecase').selectOption('content-comms');
      await submit.click();
      await expect.poll(() => alerts).toEqual([expected.submitted]);
      if (language === 'de') await screenshot(page, 'languages-landing-de-phone');

      // /premium with Pro picked: its card's badge, a feature, Subscribe Now; what every plan includes.
      await page.goto('/premium?plan=pro');
      const pro = page.getByTestId('plan-pro');
      await pro.getByTestId('selected-badge').waitFor();
      expect(await pro.getByTestId('selected-badge').innerText()).toBe(expected.yourChoice);
      expect(await pro.getByText(expected.proFeature, { exact: true }).count()).toBe(1);
      expect(await pro.getByRole('button').innerText()).toBe(expected.subscribe);
      expect(await page.locator('#included-title').innerText()).toBe(expected.included);
      await expectNoEnglish(page, '/premium');
      if (language === 'de') await screenshot(page, 'languages-premium-de-phone');

      // /team for an owner on Starter, after inviting someone (the pending list and the link to copy).
      const owner = await ownerOnStarter(page);
      await page.goto('/team');
      await page.getByTestId('team-name').waitFor();
      await page.getByRole('heading', { name: expected.members, exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: expected.invite, exact: true }).count()).toBe(1);
      expect(await page.getByRole('heading', { name: expected.usage, exact: true }).count()).toBe(1);
      const guest = uniqueUser();
      await page.locator('#invite-email').fill(guest.email);
      await page.locator('form').filter({ has: page.locator('#invite-email') }).getByRole('button').click();
      const link = page.getByRole('status').getByLabel(expected.linkFor(guest.email));
      await link.waitFor();
      const invitationUrl = await link.inputValue();
      await page.getByRole('heading', { name: expected.invitations, exact: true }).waitFor();
      expect(await page.getByTestId('team-seats').innerText()).toBe(expected.seats);
      await page.getByTestId('team-audit').waitFor();
      await expectNoEnglish(page, '/team');
      const review = await screenForReview(page);
      expect(review.sidewaysOverflow, 'sideways scroll on /team at 390 px').toBe(0);
      expect(await overflowingControls(page), 'cut-off buttons on /team').toEqual([]);
      if (language === 'de') await screenshot(page, 'languages-team-de-phone');

      // The invitation's own screen, opened by its link.
      await page.goto(invitationUrl);
      await page.getByRole('heading', { name: expected.join(owner.username) }).waitFor();

      expect(missing).toEqual([]);
    });
  }
});
