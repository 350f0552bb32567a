import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/admin-credentials';
import { screenForReview, screenshot, uniqueUser, VIEWPORTS } from './support/browser';
import { useLanguagePages } from './support/language-pages';

const baseURL = inject('baseURL');

const TABS = ['overview', 'promotions', 'demo-requests', 'analytics', 'payments', 'users', 'usage', 'audit', 'storage', 'system'] as const;
type Tab = (typeof TABS)[number];

interface Expected {
  pleaseLogIn: string;
  login: string;
  /** Each tab's name and a heading it shows. */
  tabs: Record<Tab, [name: string, heading: string]>;
  app: string;
  plan: string;
}

/**
 * Issue 44 for the admin console, billing and /app: with the browser in German, French or Spanish,
 * the sign-in, each of the ten tabs, the team's plan and invoices and /app show that language (an
 * exact heading each), no key unknown to every language, and none of their English.
 */
const EXPECTED: Record<'de' | 'fr' | 'es', Expected> = {
  de: {
    pleaseLogIn: 'Bitte melden Sie sich an',
    login: 'Admin-Zugang',
    tabs: {
      overview: ['Übersicht', 'Umsatzentwicklung'],
      promotions: ['Aktionen', 'Kampagnenverwaltung'],
      'demo-requests': ['Demo-Anfragen', 'Anfragen aus dem Formular der Startseite, neueste zuerst.'],
      analytics: ['Analysen', 'Nutzung der Charaktere'],
      payments: ['Krypto-Zahlungen', 'Geschäfts-Wallets'],
      users: ['Benutzer', 'Premium-Konversion'],
      usage: ['Nutzung', 'Modellnutzung nach Team'],
      audit: ['Audit', 'Audit-Protokoll'],
      storage: ['Dateispeicher', 'Nutzung nach Dateityp'],
      system: ['System', 'Systemstatus'],
    },
    app: 'Ihr KI-Arbeitsbereich',
    plan: 'Tarif und Rechnungen',
  },
  fr: {
    pleaseLogIn: 'Veuillez vous connecter',
    login: 'Accès administrateur',
    tabs: {
      overview: ['Aperçu', 'Évolution du chiffre d’affaires'],
      promotions: ['Promotions', 'Gestion des campagnes'],
      'demo-requests': ['Demandes de démo', 'Demandes envoyées via le formulaire de la page d’accueil, les plus récentes en premier.'],
      analytics: ['Statistiques', 'Utilisation des personnages'],
      payments: ['Paiements crypto', 'Portefeuilles de l’entreprise'],
      users: ['Utilisateurs', 'Conversion Premium'],
      usage: ['Consommation', 'Consommation des modèles par équipe'],
      audit: ['Audit', 'Journal d’audit'],
      storage: ['Stockage', 'Utilisation par type de fichier'],
      system: ['Système', 'État du système'],
    },
    app: 'Votre espace de travail IA',
    plan: 'Offre et factures',
  },
  es: {
    pleaseLogIn: 'Inicie sesión',
    login: 'Acceso de administración',
    tabs: {
      overview: ['Resumen', 'Evolución de los ingresos'],
      promotions: ['Promociones', 'Gestor de campañas'],
      'demo-requests': ['Solicitudes de demo', 'Solicitudes del formulario de la página de inicio, las más recientes primero.'],
      analytics: ['Analítica', 'Uso de personajes'],
      payments: ['Pagos cripto', 'Monederos de la empresa'],
      users: ['Usuarios', 'Conversión a Premium'],
      usage: ['Consumo', 'Uso de modelos por equipo'],
      audit: ['Auditoría', 'Registro de auditoría'],
      storage: ['Almacenamiento', 'Uso por tipo de archivo'],
      system: ['Sistema', 'Estado del sistema'],
    },
    app: 'Su espacio de trabajo con IA',
    plan: 'Plan y facturas',
  },
};

/** English of each screen: none may remain. */
const ENGLISH = {
  login: ['Admin Access', 'Sign in to the Genie admin dashboard.', 'All access attempts are logged and monitored.', 'Back to home'],
  console: ['Live Data', 'Refresh', 'Logout', 'Crypto Payments', 'File Storage'],
  overview: ['Revenue Trends', 'Total Revenue', 'Storage Used'],
  promotions: ['Deploy Promotions', 'Campaign Performance', 'Campaign Manager', 'Active campaigns', 'Pause All'],
  'demo-requests': ['Requests from the landing page form', 'No demo requests yet.', 'Mark Contacted'],
  analytics: ['Total Interactions', 'Success Rate', 'Character Usage', 'Top Features'],
  payments: ['Business Wallets', 'Recent Payments', 'Invoices', 'Mark received'],
  users: ['Premium Conversion', 'Total Users', 'Search by email or username', 'Seats count members'],
  usage: ['Model usage by team', 'Tokens in', 'No model calls this month.'],
  audit: ['Audit log', 'All actions', 'Any admin', 'No admin action matches.'],
  storage: ['Usage by File Type', 'Total Files', 'Total Size'],
  system: ['System Status', 'Backed up', 'Live checks of each dependency.', 'Checked '],
  app: ['Your AI workspace', 'At a glance', 'AI templates', 'Quick actions', 'Hi! I am your Genie assistant', 'Hours saved'],
  plan: ['Plan and invoices', 'No invoices yet.', 'See the plans'],
} as const;

describe('languages: admin console, billing and /app', () => {
  const pages = useLanguagePages(() => baseURL);

  const pageIn = (locale: string, viewport: keyof typeof VIEWPORTS = 'desktop') => pages(locale, { viewport });

  async function englishLeft(page: Page, screen: keyof typeof ENGLISH) {
    const text = await page.locator('body').innerText();
    return ENGLISH[screen].filter((english) => text.includes(english));
  }

  async function signIn(page: Page, expected: Expected) {
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: expected.pleaseLogIn, exact: true }).waitFor();
    await page.goto('/admin/login');
    await page.getByText(expected.login, { exact: true }).waitFor();
    expect(await englishLeft(page, 'login')).toEqual([]);
    await page.locator('#admin-username').fill(E2E_ADMIN.username);
    await page.locator('#admin-password').fill(E2E_ADMIN.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/admin');
  }

  for (const language of ['de', 'fr', 'es'] as const) {
    it(`shows the admin console, every tab, the team's plan and /app in ${language}`, async () => {
      const { page, missing } = await pageIn(language);
      const expected = EXPECTED[language];

      await signIn(page, expected);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      for (const tab of TABS) {
        const [name, heading] = expected.tabs[tab];
        await page.getByRole('tab', { name, exact: true }).click();
        await page.getByRole('tabpanel', { name }).getByText(heading, { exact: true }).first().waitFor();
        expect(await englishLeft(page, tab), tab).toEqual([]);
      }
      expect(await englishLeft(page, 'console')).toEqual([]);

      await page.goto('/app');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(expected.app);
      expect(await englishLeft(page, 'app')).toEqual([]);

      const signup = await page.request.post('/api/auth/signup', { data: uniqueUser() });
      expect(signup.status()).toBe(201);
      await page.goto('/team');
      await page.getByRole('heading', { level: 2, name: expected.plan, exact: true }).waitFor();
      expect(await englishLeft(page, 'plan')).toEqual([]);
      expect(missing).toEqual([]);
    }, 120_000);
  }

  it('fits German on a phone: the busiest tabs scroll no wider than the screen', async () => {
    const { page, missing } = await pageIn('de', 'phone');
    await signIn(page, EXPECTED.de);
    for (const tab of ['users', 'promotions', 'payments'] as const) {
      const [name, heading] = EXPECTED.de.tabs[tab];
      await page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('tabpanel', { name }).getByText(heading, { exact: true }).first().waitFor();
      await screenshot(page, `languages-admin-de-${tab}-phone`);
      expect((await screenForReview(page)).sidewaysOverflow, tab).toBe(0);
    }
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: EXPECTED.de.app }).waitFor();
    await screenshot(page, 'languages-admin-de-app-phone');
    expect((await screenForReview(page)).sidewaysOverflow).toBe(0);
    expect(missing).toEqual([]);
  }, 120_000);
});
