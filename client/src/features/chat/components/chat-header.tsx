import { BookOpen, MessageCircle, Scale } from 'lucide-react';
import type { ChatMode } from '@contract/chat';
import type { Persona } from '@contract/personas';
import { PersonaBadge } from './message-bubble';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useChatTexts } from '../texts';

const MODE_ICONS: Record<ChatMode, typeof BookOpen> = { chat: MessageCircle, dictionary: BookOpen, law: Scale };

export function ChatHeader({ persona, mode, model }: { persona: Persona; mode: ChatMode; model?: string }) {
  const { t } = useChatTexts();
  const ModeIcon = MODE_ICONS[mode];
  return (
    // Below 360 px (WCAG 1.4.10's 320 px, beside the sidebar rail) the badge and the mode's word left
    // the persona's name three letters (issue 44): the badge goes and the mode chip keeps its icon.
    <header className="flex items-center gap-2 border-b border-slate-200/70 bg-white/80 px-3 py-3 backdrop-blur min-[360px]:gap-3 min-[360px]:px-4 sm:px-6">
      <PersonaBadge persona={persona} className="max-[359px]:hidden" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-slate-900">{persona.name}</h1>
        <p className="truncate text-xs text-slate-500">
          {persona.title}
          {model && <span className="hidden sm:inline"> · {t('header.poweredBy', { model })}</span>}
        </p>
      </div>
      <ThemeToggle className="text-slate-500 hover:bg-slate-100 hover:text-slate-900" />
      <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 shadow-sm min-[360px]:px-3" data-testid="mode-chip">
        <ModeIcon aria-hidden="true" className="h-3.5 w-3.5" style={{ color: persona.accentColor }} />
        <span className="max-[359px]:sr-only">{t(`modes.${mode}`)}</span>
      </span>
    </header>
  );
}
