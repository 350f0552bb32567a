import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/lib/utils';

/**
 * The value a screen reader is given: a percent to one decimal. A raw share such as 3e-7 reached
 * aria-valuenow as "3e-7", which axe reports as critical (issue 44); the bar's width keeps it whole.
 */
export const announcedPercent = (value: number) => Math.round(value * 10) / 10;

export function Progress({ value, className, label, valueText }: { value: number; className?: string; label?: string; valueText?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root
      value={announcedPercent(clamped)}
      aria-label={label}
      getValueLabel={valueText === undefined ? undefined : () => valueText}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <ProgressPrimitive.Indicator className="h-full bg-genie-600 transition-all" style={{ width: `${clamped}%` }} />
    </ProgressPrimitive.Root>
  );
}
