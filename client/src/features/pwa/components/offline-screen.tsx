import { usePwaTexts } from '../texts';

/**
 * What the app draws when its service worker answered a page from the stored shell because the
 * server could not be reached (client/pwa/sw.js marks that page data-offline). Nothing of the
 * user's is stored offline, so there is nothing else to show. Try again reloads by hand; no reload
 * on the browser's online event: the server may be back while the network never went away, and a
 * reload the reader did not ask for would race the one they did.
 */
export function OfflineScreen() {
  const { t } = usePwaTexts();
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-10" data-testid="offline-screen">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} className="mx-auto rounded-xl" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('offlineTitle')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('offlineText')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-5 rounded-lg bg-genie-600 px-4 py-2 text-sm font-medium text-white hover:bg-genie-700"
        >
          {t('tryAgain')}
        </button>
      </div>
    </main>
  );
}
