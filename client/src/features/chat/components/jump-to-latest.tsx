import { ArrowDown } from 'lucide-react';
import { useChatTexts } from '../texts';

/** Shown above the message box while the list is scrolled up from its newest message. */
export function JumpToLatest({ onJump }: { onJump(): void }) {
  const { t } = useChatTexts();
  return (
    <button
      type="button"
      onClick={onJump}
      className="absolute -top-12 left-1/2 z-10 inline-flex h-9 -translate-x-1/2 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium text-slate-800 shadow-md hover:bg-slate-50"
    >
      <ArrowDown aria-hidden="true" className="h-4 w-4" /> {t('jumpToLatest')}
    </button>
  );
}
