import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
}

/** Label and value rows: the account summary and the activity cards. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((row) => (
        <div key={row.testId} className="flex items-baseline justify-between gap-4 py-3 first:pt-0 last:pb-0" data-testid={row.testId}>
          <dt className="text-sm text-slate-500">{row.label}</dt>
          <dd className="text-right">
            <span className="text-sm font-semibold text-slate-900" data-testid={`${row.testId}-value`}>
              {row.value}
            </span>
            {row.hint && <span className="block text-xs text-slate-500">{row.hint}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
