import { ChevronLeft, ChevronRight, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { COMPANION_WORD, type Persona, type PersonaId } from '@contract/personas';
import { Button } from '@/components/ui/button';
import { usePersonasInLanguage } from '@/lib/persona-texts';
import { cn } from '@/lib/utils';
import { useOverlayKeys } from '../hooks/use-overlay-keys';
import { useSwipe } from '../hooks/use-swipe';
import { SELECTION_DELAY_MS, SLIDE_TRANSITION_MS } from '../lib/timings';
import { MagicBackdrop } from './magic-backdrop';
import { PersonaSlide } from './persona-slide';
import { usePersonasTexts } from '../texts';

export interface PersonaCarouselProps {
  personas: readonly Persona[];
  /** The model each persona uses now (GET /api/personas); the persona's own label until it loads. */
  models?: Partial<Record<PersonaId, string>>;
  initialPersonaId?: PersonaId;
  /** Applies the pick at once. */
  onChoose(id: PersonaId): void;
  /** Completing (500 ms after a pick) or skipping. */
  onFinish(): void;
  /** Shown in the top corner (the page puts its Sign out button here). */
  cornerSlot?: ReactNode;
}

/** SPEC §2 Persona carousel: wraps around, ←/→ move, Enter chooses, Escape skips, swipe on touch. */
export function PersonaCarousel({ personas: chosenFrom, models, initialPersonaId, onChoose, onFinish, cornerSlot }: PersonaCarouselProps) {
  const { t } = usePersonasTexts();
  const personas = usePersonasInLanguage(chosenFrom);
  const [index, setIndex] = useState(() => Math.max(0, personas.findIndex((p) => p.id === initialPersonaId)));
  const [chosen, setChosen] = useState<PersonaId | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const count = personas.length;
  const current = personas[index]!;

  const next = () => chosen === null && setIndex((i) => (i + 1) % count);
  const previous = () => chosen === null && setIndex((i) => (i - 1 + count) % count);
  const choose = () => {
    if (chosen !== null) return;
    setChosen(current.id);
    onChoose(current.id);
  };
  const skip = () => chosen === null && onFinish();

  useEffect(() => {
    if (chosen === null) return;
    const timer = setTimeout(onFinish, SELECTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [chosen, onFinish]);

  useEffect(() => dialogRef.current?.focus(), []);
  useOverlayKeys({ onNext: next, onPrevious: previous, onEscape: skip, onEnter: choose });
  const swipe = useSwipe(next, previous);

  return (
    <MagicBackdrop label={t('choose', { companion: COMPANION_WORD })}>
      <div ref={dialogRef} tabIndex={-1} className="flex min-h-full flex-1 flex-col outline-none">
        <header className="flex items-center justify-end px-4 pt-4 sm:px-8">{cornerSlot}</header>
        <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col justify-center gap-6 px-4 sm:px-8 sm:pb-8">
          <div className="text-center">
            <p className="mb-2 inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs uppercase tracking-[0.25em] text-amber-200">
              <Sparkles aria-hidden="true" className="h-3.5 w-3.5" /> {t('companions', { count })}
            </p>
            <h1 className="text-4xl font-black tracking-tight sm:text-6xl">
              {t('chooseYour')}{' '}
              <span className="bg-gradient-to-r from-amber-300 via-pink-300 to-genie-300 bg-clip-text text-transparent">
                {COMPANION_WORD.toUpperCase()}
              </span>
            </h1>
            <p className="mt-2 text-base text-white/70 sm:text-lg">{t('select')}</p>
          </div>

          <div className="relative" aria-roledescription={t('roleCarousel')} aria-label={t('carouselLabel')}>
            <div className="overflow-hidden" {...swipe}>
              <div
                className="flex ease-out"
                style={{ transform: `translateX(-${index * 100}%)`, transition: `transform ${SLIDE_TRANSITION_MS}ms ease-out` }}
              >
                {personas.map((persona, i) => (
                  <PersonaSlide key={persona.id} persona={persona} model={models?.[persona.id] ?? persona.modelLabel} active={i === index} />
                ))}
              </div>
            </div>
            <ArrowButton side="left" label={t('previousPersona')} onClick={previous} />
            <ArrowButton side="right" label={t('nextPersona')} onClick={next} />
          </div>

          {/* On a phone the controls stay in reach at the bottom while the slide scrolls. */}
          {/* On a phone the controls are a solid bar at the bottom: the slide scrolls under it, never beside the arrows and dots. */}
          <div className="flex flex-col gap-5 max-sm:sticky max-sm:bottom-0 max-sm:-mx-4 max-sm:gap-3 max-sm:border-t max-sm:border-white/10 max-sm:bg-slate-950/95 max-sm:px-4 max-sm:pb-4 max-sm:pt-3 max-sm:backdrop-blur">
            <div className="flex items-center justify-center">
              <ArrowButton side="left" label={t('previousPersona')} onClick={previous} compact />
              {personas.map((persona, i) => (
                // The dot is small; the button around it is a finger-sized target.
                <button
                  key={persona.id}
                  type="button"
                  aria-label={t('show', { name: persona.name })}
                  aria-current={i === index}
                  onClick={() => chosen === null && setIndex(i)}
                  className="group flex h-10 min-w-6 items-center justify-center rounded-full px-1"
                >
                  <span
                    aria-hidden="true"
                    className={cn('h-2.5 rounded-full transition-all', i === index ? 'w-8 bg-amber-300' : 'w-2.5 bg-white/30 group-hover:bg-white/60')}
                  />
                </button>
              ))}
              <ArrowButton side="right" label={t('nextPersona')} onClick={next} compact />
            </div>

            <div className="flex flex-col items-center gap-3">
              <Button
                size="lg"
                onClick={choose}
                disabled={chosen !== null}
                className={cn('min-w-64 rounded-full bg-gradient-to-r text-white shadow-xl shadow-black/30 hover:brightness-110 disabled:opacity-100', current.gradient)}
              >
                <Sparkles aria-hidden="true" />
                {t('chooseName', { name: current.name })}
              </Button>
              <button type="button" onClick={skip} className="text-sm text-white/60 underline-offset-4 hover:text-white hover:underline">
                {t('skipSelection')}
              </button>
              <p className="hidden text-xs text-white/70 sm:block">{t('keysHint')}</p>
            </div>
          </div>
        </div>
      </div>
    </MagicBackdrop>
  );
}

/** Beside the card from the small breakpoint up; `compact` is the phone copy beside the dots. */
function ArrowButton({ side, label, onClick, compact = false }: { side: 'left' | 'right'; label: string; onClick(): void; compact?: boolean }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  if (compact) {
    return (
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className="mx-2 flex h-10 w-10 items-center justify-center rounded-full border border-white/20 bg-white/10 text-white sm:hidden"
      >
        <Icon aria-hidden="true" className="h-5 w-5" />
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 hidden h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full border border-white/20 bg-white/10 text-white backdrop-blur transition hover:bg-white/25 sm:flex',
        side === 'left' ? '-left-2 lg:-left-6' : '-right-2 lg:-right-6',
      )}
    >
      <Icon aria-hidden="true" className="h-6 w-6" />
    </button>
  );
}
