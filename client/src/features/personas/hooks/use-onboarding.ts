import { useCallback, useEffect, useState } from 'react';
import { PERSONA_IDS, type PersonaId } from '@contract/personas';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { getChosenPersona, saveChosenPersona } from '../api/chosen-persona';

const DEFAULT_PERSONA: PersonaId = 'default';

function isPersonaId(value: string | null): value is PersonaId {
  return value !== null && (PERSONA_IDS as readonly string[]).includes(value);
}

/**
 * SPEC §4 Onboarding: the carousel shows unless both hasVisited and hasSelectedGenie=true are
 * stored; a first visit (no hasVisited) clears any stale choice. Read once, on first render.
 */
function readInitialState(): { personaId: PersonaId; carouselOpen: boolean } {
  const hasVisited = safeStorage.get(STORAGE_KEYS.hasVisited) !== null;
  if (!hasVisited) {
    safeStorage.remove(STORAGE_KEYS.selectedGenie);
    safeStorage.remove(STORAGE_KEYS.hasSelectedGenie);
  }
  const stored = safeStorage.get(STORAGE_KEYS.selectedGenie);
  const hasSelected = safeStorage.get(STORAGE_KEYS.hasSelectedGenie) === 'true';
  return { personaId: isPersonaId(stored) ? stored : DEFAULT_PERSONA, carouselOpen: !(hasVisited && hasSelected) };
}

export interface Onboarding {
  personaId: PersonaId;
  carouselOpen: boolean;
  /** Asking the account whether it chose in another browser (the carousel waits for the answer). */
  checkingAccount: boolean;
  tourOpen: boolean;
  /** Applies a pick at once (the carousel then closes itself after its selection delay). */
  choosePersona(id: PersonaId): void;
  /** Completing or skipping stores both flags (SPEC §4). */
  finishCarousel(): void;
  openCarousel(): void;
  openTour(): void;
  closeTour(): void;
}

export function useOnboarding(): Onboarding {
  const [initial] = useState(readInitialState);
  const [personaId, setPersonaId] = useState<PersonaId>(initial.personaId);
  // With nothing stored in this browser, the account may have chosen in another one (issue 42).
  const [checkingAccount, setCheckingAccount] = useState(initial.carouselOpen);
  const [carouselOpen, setCarouselOpen] = useState(false);
  const [tourOpen, setTourOpen] = useState(false);

  useEffect(() => {
    if (!initial.carouselOpen) return;
    let live = true;
    getChosenPersona()
      .then(({ persona }) => {
        if (!live) return;
        if (persona === null) {
          setCarouselOpen(true);
          return;
        }
        // Chosen before: this browser remembers it as if the carousel had run here (SPEC §4's flags).
        safeStorage.set(STORAGE_KEYS.hasVisited, 'true');
        safeStorage.set(STORAGE_KEYS.hasSelectedGenie, 'true');
        safeStorage.set(STORAGE_KEYS.selectedGenie, persona);
        setPersonaId(persona);
      })
      .catch(() => live && setCarouselOpen(true))
      .finally(() => live && setCheckingAccount(false));
    return () => {
      live = false;
    };
  }, [initial.carouselOpen]);

  const choosePersona = useCallback((id: PersonaId) => {
    safeStorage.set(STORAGE_KEYS.selectedGenie, id);
    setPersonaId(id);
  }, []);
  const finishCarousel = useCallback(() => {
    safeStorage.set(STORAGE_KEYS.hasVisited, 'true');
    safeStorage.set(STORAGE_KEYS.hasSelectedGenie, 'true');
    if (safeStorage.get(STORAGE_KEYS.selectedGenie) === null) safeStorage.set(STORAGE_KEYS.selectedGenie, DEFAULT_PERSONA);
    const chosen = safeStorage.get(STORAGE_KEYS.selectedGenie);
    void saveChosenPersona(isPersonaId(chosen) ? chosen : DEFAULT_PERSONA);
    setCarouselOpen(false);
  }, []);
  const openCarousel = useCallback(() => setCarouselOpen(true), []);
  const openTour = useCallback(() => setTourOpen(true), []);
  const closeTour = useCallback(() => setTourOpen(false), []);

  return { personaId, carouselOpen, checkingAccount, tourOpen, choosePersona, finishCarousel, openCarousel, openTour, closeTour };
}
