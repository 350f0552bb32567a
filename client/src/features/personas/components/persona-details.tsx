import { Cpu } from 'lucide-react';
import type { Persona } from '@contract/personas';
import { cn } from '@/lib/utils';
import { usePersonasTexts } from '../texts';

/** The emoji in the persona's gradient: the one visual every persona screen shares. */
export function PersonaAvatar({ persona, size = 'lg' }: { persona: Persona; size?: 'md' | 'lg' }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-3xl bg-gradient-to-br shadow-lg ring-4 ring-white/20',
        persona.gradient,
        size === 'lg' ? 'h-20 w-20 text-4xl sm:h-24 sm:w-24 sm:text-5xl' : 'h-16 w-16 text-3xl',
      )}
    >
      {persona.emoji}
    </div>
  );
}

export function TraitChips({ traits, label }: { traits: readonly string[]; label: string }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-[0.18em] text-white/60">{label}</h3>
      <ul className="flex flex-wrap gap-2">
        {traits.map((trait) => (
          <li key={trait} className="rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm text-white">
            {trait}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SpecialtyList({ specialties }: { specialties: readonly string[] }) {
  const { t } = usePersonasTexts();
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-[0.18em] text-white/60">{t('specialties')}</h3>
      <ul className="grid gap-1.5 text-sm text-white/90 sm:grid-cols-2">
        {specialties.map((specialty) => (
          <li key={specialty} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-amber-300" />
            {specialty}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PoweredBy({ model }: { model: string }) {
  const { t } = usePersonasTexts();
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-black/25 px-3 py-1 text-xs text-white/80">
      <Cpu aria-hidden="true" className="h-3.5 w-3.5" />
      {t('poweredBy', { model })}
    </p>
  );
}
