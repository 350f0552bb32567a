import { SendHorizontal, Square } from 'lucide-react';
import { focusAfter } from '@/lib/focus-keeper';
import { cn } from '@/lib/utils';
import { useChatTexts } from '../texts';

/** Send, which becomes Stop while a reply streams (SPEC §4). */
export function SendOrStopButton({ sending, canSend, onStop, accentGradient }: { sending: boolean; canSend: boolean; onStop(): void; accentGradient: string }) {
  const { t } = useChatTexts();
  return sending ? (
    <button
      type="button"
      onClick={() => {
        onStop();
        // Stop turns into a Send that is off until something is typed: write next (issue 44).
        focusAfter(() => document.getElementById('chat-message'));
      }}
      title={t('composer.stopTitle')}
      className="ml-auto inline-flex h-10 items-center gap-2 rounded-xl bg-slate-900 px-4 text-sm font-semibold text-slate-50 shadow-sm transition hover:bg-slate-700 sm:ml-0"
    >
      <Square aria-hidden="true" className="h-3.5 w-3.5 fill-current" />
      {t('composer.stop')}
    </button>
  ) : (
    <button
      type="submit"
      disabled={!canSend}
      className={cn(
        'ml-auto inline-flex h-10 items-center gap-2 rounded-xl bg-gradient-to-r px-4 text-sm font-semibold text-white shadow-sm transition hover:brightness-110 disabled:opacity-50 sm:ml-0',
        accentGradient,
      )}
    >
      <SendHorizontal aria-hidden="true" className="h-4 w-4" />
      {t('composer.send')}
    </button>
  );
}
