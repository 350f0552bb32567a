import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useChatTexts } from '../texts';

interface VariantSwitcherProps {
  variants: { index: number; count: number; ids: string[] };
  /** Shows the sibling with this id. */
  onFlip(messageId: string): void;
  disabled?: boolean;
}

const arrow =
  'inline-flex h-7 w-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-30 disabled:hover:bg-transparent';

/** `‹ 1/2 ›` under a message that has other versions (regenerated replies, edited messages). */
export function VariantSwitcher({ variants, onFlip, disabled }: VariantSwitcherProps) {
  const { t } = useChatTexts();
  if (variants.count < 2) return null;
  return (
    <div className="inline-flex items-center text-xs tabular-nums text-slate-500" role="group" aria-label={t('variants.label')}>
      <button type="button" aria-label={t('variants.previous')} className={arrow} disabled={disabled || variants.index <= 1} onClick={() => onFlip(variants.ids[variants.index - 2]!)}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      </button>
      <span aria-live="polite">
        {variants.index}/{variants.count}
      </span>
      <button type="button" aria-label={t('variants.next')} className={arrow} disabled={disabled || variants.index >= variants.count} onClick={() => onFlip(variants.ids[variants.index]!)}>
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
