import { BookOpen, MessageCircle, Scale } from 'lucide-react';
import type { ChatMode } from '@contract/chat';
import type { Persona } from '@contract/personas';
import { PersonaBadge } from './message-bubble';
import { ThemeToggle } from '@/components/ui/theme-toggle';

const MODE_LABELS: Record<ChatMode, { label: string; icon: typeof BookOpen }> = {
  chat: { label: 'Chat', icon: MessageCircle },
  dictionary: { label: 'Dictionary', icon: BookOpen },
  law: { label: 'Legal', icon: Scale },
};

export function ChatHeader({ persona, mode, model }: { persona: Persona; mode: ChatMode; model?: string }) {
  const Mode = MODE_LABELS[mode];
  return (
    <header className="flex items-center gap-3 border-b border-slate-200/70 bg-white/80 px-4 py-3 backdrop-blur sm:px-6">
      <PersonaBadge persona={persona} />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-slate-900">{persona.name}</h1>
        <p className="truncate text-xs text-slate-500">
          {persona.title}
          {model && <span className="hidden sm:inline"> · Powered by {model}</span>}
        </p>
      </div>
      <ThemeToggle className="text-slate-500 hover:bg-slate-100 hover:text-slate-900" />
      <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 shadow-sm" data-testid="mode-chip">
        <Mode.icon aria-hidden="true" className="h-3.5 w-3.5" style={{ color: persona.accentColor }} />
        {Mode.label}
      </span>
    </header>
  );
}
