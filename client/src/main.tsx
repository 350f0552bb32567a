import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadOpenedPage } from './app/router';
import './index.css';

// The opened page's chunks first (router.tsx): rendered before they arrive, every lazy page
// would show the spinner and then wait out React's reveal throttle.
void loadOpenedPage(window.location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
