import { useCallback, useState } from 'react';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';

/** SPEC §4 Voice: set up only when the voice flag is on; remembered in this browser. */
export function useVoiceSetting() {
  const [enabled, setEnabled] = useState(() => safeStorage.get(STORAGE_KEYS.voiceEnabled) === 'true');
  const toggle = useCallback(() => {
    setEnabled((on) => {
      safeStorage.set(STORAGE_KEYS.voiceEnabled, String(!on));
      return !on;
    });
  }, []);
  return { enabled, toggle };
}
