import { ArrowLeft, ArrowRight, MessageSquareQuote, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { COMPANION_WORD, type Persona, type PersonaId } from '@contract/personas';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { usePersonasInLanguage } from '@/lib/persona-texts';
import { useInertOutside } from '@/lib/use-inert-outside';
import { cn } from '@/lib/utils';
import { useOverlayKeys } from '../hooks/use-overlay-keys';
import { SELECTION_DELAY_MS, SLIDE_TRANSITION_MS } from '../lib/timings';
import { MagicBackdrop } from './magic-backdrop';
import { PersonaAvatar, PoweredBy, SpecialtyList, TraitChips } from './persona-details';
import { usePersonasTexts } from '../texts';

export interface PersonaTourProps {
  personas: readonly Persona[];
  models?: Partial<Record<PersonaId, string>>;
  onChoose(id: PersonaId): void;
  onClose(): void;
}

/** SPEC §2 Tour: one persona at a time, no wrapping, progress bar and n/total, Escape closes. */
export function PersonaTour({ personas: shown, models, onChoose, onClose }: PersonaTourProps) {
  const { t } = usePersonasTexts();
  const personas = usePersonasInLanguage(shown);
  const tourLabel = t('meetTheCompanions', { companion: COMPANION_WORD });
  const [index, setIndex] = useState(0);
  const [starting, setStarting] = useState<Persona | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const total = personas.length;
  const current = personas[index]!;

  const next = () => starting === null && setIndex((i) => Math.min(i + 1, total - 1));
  const previous = () => starting === null && setIndex((i) => Math.max(i - 1, 0));
  const choose = () => {
    if (starting !== null) return;
    setStarting(current);
    onChoose(current.id);
  };

  useEffect(() => {
    if (starting === null) return;
    const timer = setTimeout(onClose, SELECTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [starting, onClose]);
  useEffect(() => rootRef.current?.focus(), []);
  // A modal: the chat behind it is out of reach of clicks, Tab and screen readers until it closes.
  useInertOutside(rootRef);
  useOverlayKeys({ onNext: next, onPrevious: previous, onEscape: onClose });

  return (
    <MagicBackdrop label={tourLabel}>
      {/* One screen tall: the step scrolls inside it, so the controls stay in sight on a phone. */}
      <div ref={rootRef} tabIndex={-1} className="mx-auto flex h-dvh w-full max-w-4xl flex-col gap-4 px-4 py-4 outline-none sm:gap-5 sm:px-8 sm:py-8">
        <header className="flex items-center gap-4">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-amber-200">{tourLabel}</p>
          <span className="ml-auto text-sm tabular-nums text-white/70" aria-label={t('step', { current: index + 1, total })}>
            {index + 1}/{total}
          </span>
          <button
            type="button"
            aria-label={t('closeTour')}
            onClick={onClose}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </header>
        <Progress value={((index + 1) / total) * 100} label={t('tourProgress')} className="h-1.5 bg-white/15 [&>div]:bg-amber-300" />

        {/* The step sits midway between the progress bar and the controls on a tall screen, and scrolls on a short one. */}
        {/* Focusable and named: on a short screen the step scrolls, and a keyboard must be able to scroll it. */}
        <div role="group" aria-label={t('details')} tabIndex={0} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden">
          <div className="flex min-h-full flex-col justify-center">
            <div className="flex" style={{ transform: `translateX(-${index * 100}%)`, transition: `transform ${SLIDE_TRANSITION_MS}ms ease-out` }}>
              {personas.map((persona, i) => (
                <TourStep key={persona.id} persona={persona} model={models?.[persona.id] ?? persona.modelLabel} active={i === index} />
              ))}
            </div>
          </div>
        </div>

        <footer className="flex shrink-0 flex-col gap-3">
          <div className="flex items-center gap-2">
            <Button variant="ghost" onClick={previous} disabled={index === 0} className="text-white hover:bg-white/10">
              <ArrowLeft aria-hidden="true" /> <span className="max-sm:sr-only">{t('previous')}</span>
            </Button>
            <Button
              onClick={choose}
              disabled={starting !== null}
              className={cn('mx-auto rounded-full bg-gradient-to-r px-6 text-white shadow-lg hover:brightness-110 disabled:opacity-100', current.gradient)}
            >
              <Sparkles aria-hidden="true" />
              {starting ? t('startingWith', { name: starting.name }) : t('chooseName', { name: current.name })}
            </Button>
            <Button variant="ghost" onClick={next} disabled={index === total - 1} className="text-white hover:bg-white/10">
              <span className="max-sm:sr-only">{t('next')}</span> <ArrowRight aria-hidden="true" />
            </Button>
          </div>
          <button type="button" onClick={onClose} className="self-center text-sm text-white/60 underline-offset-4 hover:text-white hover:underline">
            {t('skipTour')}
          </button>
        </footer>
      </div>
    </MagicBackdrop>
  );
}

function TourStep({ persona, model, active }: { persona: Persona; model: string; active: boolean }) {
  const { t } = usePersonasTexts();
  return (
    <section aria-label={persona.name} aria-hidden={!active} inert={!active} className="grid w-full shrink-0 items-start gap-5 px-0.5 md:grid-cols-2">
      <div className="flex flex-col gap-4 rounded-3xl border border-white/10 bg-white/[0.07] p-5 backdrop-blur">
        <div className="flex items-center gap-4">
          <PersonaAvatar persona={persona} size="md" />
          <div>
            <h2 className="text-2xl font-black">{persona.name}</h2>
            <p className="text-sm text-white/70">{persona.title}</p>
          </div>
        </div>
        <TraitChips traits={persona.traits} label={t('personality')} />
        <SpecialtyList specialties={persona.specialties} />
        <PoweredBy model={model} />
      </div>
      <div className="flex flex-col gap-4">
        <div className="rounded-3xl border border-white/10 bg-white/[0.07] p-5">
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-[0.18em] text-white/60">{t('tryAsking')}</h3>
          <ul className="grid gap-2">
            {persona.samplePrompts.map((prompt) => (
              <li key={prompt} className="rounded-xl bg-black/20 px-3 py-2 text-sm text-white/90">
                “{prompt}”
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl border border-white/10 bg-white p-5 text-slate-800 shadow-xl">
          <h3 className="mb-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.18em] text-slate-500">
            <MessageSquareQuote aria-hidden="true" className="h-4 w-4" /> {t('sampleResponse')}
          </h3>
          <div className="prose-sample space-y-2 text-sm leading-relaxed [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
            <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
              {persona.sampleResponse}
            </ReactMarkdown>
          </div>
        </div>
      </div>
    </section>
  );
}
