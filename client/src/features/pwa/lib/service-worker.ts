import { useSyncExternalStore } from 'react';

/**
 * Registers /sw.js (client/pwa/sw.js, issue 44) and tells the page when a new version of Genie is
 * installed and waiting, so the update prompt can offer a reload. Only in a production build: the
 * dev server has no sw.js and its modules must never be served from a cache.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const setWaiting = (worker: ServiceWorker | null) => {
  waiting = worker;
  for (const listener of listeners) listener();
};

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded: installing fetches the shell, which must not compete with the page.
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        // A worker already waiting (installed while another tab held the old one).
        if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // With no controller this is the first install, not an update: nothing to offer.
            if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
          });
        });
      })
      .catch(() => {
        // No worker (private mode, blocked by policy): Genie works as before, only not offline.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Swaps in the waiting version and reloads once it controls the page. */
export function applyUpdate() {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage('genie:skip-waiting');
}

export const useWaitingUpdate = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
