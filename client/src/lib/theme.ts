import { useSyncExternalStore } from 'react';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

/**
 * The colour theme. public/theme-init.js sets <html data-theme> before the first paint (the
 * stored choice, else the system's); this module reads it and changes it. Choosing the theme the
 * system already asks for forgets the choice, so the page follows the system again.
 */
export type Theme = 'light' | 'dark';

const root = () => document.documentElement;
const systemTheme = (): Theme => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

export function currentTheme(): Theme {
  return root().getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  if (theme === systemTheme()) safeStorage.remove(STORAGE_KEYS.theme);
  else safeStorage.set(STORAGE_KEYS.theme, theme);
  root().setAttribute('data-theme', theme);
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The theme now, re-rendering when it changes (this tab's toggle, the system, another tab). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
