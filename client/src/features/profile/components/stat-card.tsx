import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
  /** Tailwind classes for the icon's tile. */
  tone: string;
  testId: string;
}

/** One headline figure of the Overview tab. */
export function StatCard({ icon: Icon, label, value, hint, tone, testId }: StatCardProps) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500 sm:text-sm sm:normal-case sm:tracking-normal">{label}</p>
        <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', tone)}>
          <Icon aria-hidden="true" className="h-4 w-4" />
        </span>
      </div>
      <div>
        <p className="text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl" data-testid={`${testId}-value`}>
          {value}
        </p>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
    </Card>
  );
}
