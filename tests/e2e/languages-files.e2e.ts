import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenForReview, screenshot, uniqueUser, VIEWPORTS } from './support/browser';
import { useLanguagePages } from './support/language-pages';

const baseURL = inject('baseURL');

/**
 * Issue 44, the file manager, /profile's tabs and /forgot-password: with the browser in German,
 * French or Spanish each shows an exact translated heading or label, no key unknown to every
 * language, and none of its English. The folder and the file are made through the translated
 * screen itself (New Folder, Upload), so its toasts and labels are read on the way.
 */
const EXPECTED = {
  de: {
    forgot: 'Passwort vergessen?',
    files: 'Dateiverwaltung',
    newFolder: 'Neuer Ordner',
    folderName: 'Ordnername',
    openFolder: (name: string) => `Ordner ${name} öffnen`,
    openFile: (name: string) => `${name} öffnen`,
    upload: 'Hochladen',
    uploaded: 'Dateien hochgeladen!',
    listView: 'Listenansicht',
    size: 'Größe',
    tabs: { overview: 'Übersicht', activity: 'Aktivität', storage: 'Speicher', settings: 'Einstellungen', security: 'Sicherheit' },
    overview: 'Fragen gesamt',
    activity: 'Gesprächsstatistik',
    storage: 'Aufteilung nach Typ',
    settings: 'Ihre Daten',
    security: 'Wo Sie angemeldet sind',
  },
  fr: {
    forgot: 'Mot de passe oublié ?',
    files: 'Gestionnaire de fichiers',
    newFolder: 'Nouveau dossier',
    folderName: 'Nom du dossier',
    openFolder: (name: string) => `Ouvrir le dossier ${name}`,
    openFile: (name: string) => `Ouvrir ${name}`,
    upload: 'Envoyer',
    uploaded: 'Fichiers envoyés !',
    listView: 'Vue en liste',
    size: 'Taille',
    tabs: { overview: 'Aperçu', activity: 'Activité', storage: 'Stockage', settings: 'Paramètres', security: 'Sécurité' },
    overview: 'Questions au total',
    activity: 'Statistiques des conversations',
    storage: 'Répartition par type',
    settings: 'Vos données',
    security: 'Où vous êtes connecté',
  },
  es: {
    forgot: '¿Olvidó su contraseña?',
    files: 'Gestor de archivos',
    newFolder: 'Nueva carpeta',
    folderName: 'Nombre de la carpeta',
    openFolder: (name: string) => `Abrir la carpeta ${name}`,
    openFile: (name: string) => `Abrir ${name}`,
    upload: 'Subir',
    uploaded: '¡Archivos subidos!',
    listView: 'Vista de lista',
    size: 'Tamaño',
    tabs: { overview: 'Resumen', activity: 'Actividad', storage: 'Almacenamiento', settings: 'Configuración', security: 'Seguridad' },
    overview: 'Preguntas totales',
    activity: 'Estadísticas de conversaciones',
    storage: 'Desglose por tipo',
    settings: 'Sus datos',
    security: 'Dónde tiene la sesión iniciada',
  },
} as const;

/** English of each page's translated parts: none may remain. */
const ENGLISH = {
  '/forgot-password': ['Forgot your password?', 'Send reset link', 'Remembered it?', 'Enter your account’s email'],
  '/files': ['File Manager', 'New Folder', 'Back to chat', 'Files uploaded!', 'uploaded successfully', 'Uploaded', 'Waiting to index', 'Not indexed'],
  '/profile': ['Total Questions', 'Account Summary', 'Conversation Stats', 'Crypto Activity', 'Storage Used', 'Breakdown by Type', "This month's usage"],
  '/profile?tab=settings': ['Your data', 'Export my data', 'Erase my account'],
  '/profile?tab=security': ['Where you are signed in', 'Sign out everywhere else', 'Change password', 'Make a key', 'API keys'],
} as const;

describe('languages: files, profile, forgot password', () => {
  const pages = useLanguagePages(() => baseURL);

  const pageIn = (locale: string, viewport: keyof typeof VIEWPORTS = 'desktop') => pages(locale, { viewport });

  const signUpThroughApi = (page: Page) =>
    page.evaluate(
      async (body) => (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
      uniqueUser(),
    );

  async function expectNoEnglish(page: Page, path: keyof typeof ENGLISH) {
    const text = await page.locator('body').innerText();
    expect(ENGLISH[path].filter((english) => text.includes(english)), path).toEqual([]);
  }

  /** /files in the browser's own drawing (the server's is English and `inert`; it is replaced at the first render). */
  async function filesPage(page: Page, title: string) {
    await page.goto('/files');
    await page.locator('#root:not(:has([data-server-rendered]))').getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  }

  for (const language of ['de', 'fr', 'es'] as const) {
    it(`shows /forgot-password, /files with a folder and a file, and /profile's tabs in ${language}`, async () => {
      const { page, missing } = await pageIn(language);
      const expected = EXPECTED[language];

      await page.goto('/forgot-password');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(expected.forgot);
      await expectNoEnglish(page, '/forgot-password');

      expect(await signUpThroughApi(page)).toBe(201);
      // The account's language: the server draws /files' first screen in it too (app/server-render.tsx).
      const saved = await page.evaluate(
        async (body) => (await fetch('/api/user/profile', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
        { language },
      );
      expect(saved).toBe(200);
      const served = await page.evaluate(async () => (await fetch('/files')).text());
      expect(served).toContain(`>${expected.files}</h1>`);
      await filesPage(page, expected.files);
      await page.getByRole('button', { name: expected.newFolder, exact: true }).click();
      await page.getByPlaceholder(expected.folderName).fill('Projekt');
      await page.getByPlaceholder(expected.folderName).press('Enter');
      await page.getByRole('button', { name: expected.openFolder('Projekt'), exact: true }).waitFor();

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: expected.upload, exact: true }).click();
      await (await chooser).setFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Quarterly notes') }]);
      await page.getByText(expected.uploaded, { exact: true }).first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: expected.openFile('notes.txt'), exact: true }).waitFor();
      await page.getByRole('button', { name: expected.listView, exact: true }).click();
      await page.getByText(expected.size, { exact: true }).waitFor();
      await expectNoEnglish(page, '/files');

      await page.goto('/profile');
      await page.getByRole('tab', { name: expected.tabs.overview }).waitFor();
      await page.getByText(expected.overview, { exact: true }).waitFor();
      await page.getByRole('tab', { name: expected.tabs.activity }).click();
      await page.getByText(expected.activity, { exact: true }).waitFor();
      await page.getByRole('tab', { name: expected.tabs.storage }).click();
      await page.getByText(expected.storage, { exact: true }).waitFor();
      await expectNoEnglish(page, '/profile');

      await page.getByRole('tab', { name: expected.tabs.settings }).click();
      await page.getByText(expected.settings, { exact: true }).waitFor();
      await expectNoEnglish(page, '/profile?tab=settings');

      await page.getByRole('tab', { name: expected.tabs.security }).click();
      await page.getByText(expected.security, { exact: true }).waitFor();
      await expectNoEnglish(page, '/profile?tab=security');
      expect(missing).toEqual([]);
    });
  }

  it('fits the German file manager on a phone: every button and tab holds its words on its line', async () => {
    const { page, missing } = await pageIn('de', 'phone');
    await page.goto('/');
    expect(await signUpThroughApi(page)).toBe(201);
    await filesPage(page, EXPECTED.de.files);
    await page.getByRole('button', { name: EXPECTED.de.newFolder, exact: true }).click();
    await page.getByPlaceholder(EXPECTED.de.folderName).waitFor();
    await screenshot(page, 'languages-files-de-phone');
    expect((await screenForReview(page)).sidewaysOverflow).toBe(0);
    // Every button and tab keeps its words inside itself: a long German word would spill out sideways, or a
    // label wrap onto a second line its one-line height cannot hold ("Meine Dateien" did).
    const spilling = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, [role="tab"]')]
        .filter((element) => element.offsetParent !== null && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1))
        .map((element) => element.innerText || element.getAttribute('aria-label')),
    );
    expect(spilling).toEqual([]);
    expect(missing).toEqual([]);
  });
});
