/** Browser storage keys of SPEC §3. */
export const STORAGE_KEYS = {
  selectedGenie: 'selectedGenie',
  hasVisited: 'hasVisited',
  hasSelectedGenie: 'hasSelectedGenie',
  adminToken: 'genieAdminToken',
  voiceEnabled: 'genieVoiceEnabled',
  /** "light" or "dark" when the user chose one; absent follows the system (public/theme-init.js reads it too). */
  theme: 'genieTheme',
} as const;

/** localStorage that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};
