import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/lib/utils';

export function Progress({ value, className, label }: { value: number; className?: string; label?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root value={clamped} aria-label={label} className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}>
      <ProgressPrimitive.Indicator className="h-full bg-genie-600 transition-all" style={{ width: `${clamped}%` }} />
    </ProgressPrimitive.Root>
  );
}
