import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadOpenedPage } from './app/router';
import { OfflineScreen } from './features/pwa/components/offline-screen';
import { registerServiceWorker } from './features/pwa/lib/service-worker';
import { installFocusKeeper } from './lib/focus-keeper';
import { applyLanguage, i18n } from './lib/i18n/i18n';
import { visitorLanguage } from './lib/i18n/choose-language';
import './index.css';

const root = document.getElementById('root')!;
// The service worker answered with the stored shell: the server cannot be reached (client/pwa/sw.js).
if (document.documentElement.dataset.offline === 'true') {
  // In the visitor's language: the offline screen carries its words in all four (features/pwa/texts.ts).
  const language = visitorLanguage();
  document.documentElement.lang = language;
  void i18n.changeLanguage(language).then(() => createRoot(root).render(<OfflineScreen />));
} else {
  installFocusKeeper();
  // The opened page's chunks first (router.tsx): rendered before they arrive, every lazy page
  // would show the spinner and then wait out React's reveal throttle.
  // The visitor's language with them (issue 44): a page drawn in English and then redrawn would flash.
  void Promise.all([loadOpenedPage(window.location.pathname), applyLanguage(visitorLanguage())]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
}
registerServiceWorker();
