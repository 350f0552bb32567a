import { useCallback, useState } from 'react';
import { PERSONA_IDS, type PersonaId } from '@contract/personas';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';

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
  const [carouselOpen, setCarouselOpen] = useState(initial.carouselOpen);
  const [tourOpen, setTourOpen] = useState(false);

  const choosePersona = useCallback((id: PersonaId) => {
    safeStorage.set(STORAGE_KEYS.selectedGenie, id);
    setPersonaId(id);
  }, []);
  const finishCarousel = useCallback(() => {
    safeStorage.set(STORAGE_KEYS.hasVisited, 'true');
    safeStorage.set(STORAGE_KEYS.hasSelectedGenie, 'true');
    if (safeStorage.get(STORAGE_KEYS.selectedGenie) === null) safeStorage.set(STORAGE_KEYS.selectedGenie, DEFAULT_PERSONA);
    setCarouselOpen(false);
  }, []);
  const openCarousel = useCallback(() => setCarouselOpen(true), []);
  const openTour = useCallback(() => setTourOpen(true), []);
  const closeTour = useCallback(() => setTourOpen(false), []);

  return { personaId, carouselOpen, tourOpen, choosePersona, finishCarousel, openCarousel, openTour, closeTour };
}
